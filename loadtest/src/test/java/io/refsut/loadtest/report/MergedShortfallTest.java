package io.refsut.loadtest.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The rate-shortfall verdict of a run merged from several injectors: an arrival intended just before an injector's
 * window end and sent a little late falls outside that window, once per injector (each window is on its injector's
 * own clock). Such edge arrivals are tolerated one per injector, even above the percentage limit; more fail the run.
 */
class MergedShortfallTest {

    private static final long MS = 1_000_000;

    /** One injector at 10/s for 5 s (50 arrivals); its last {@code lateAtEnd} arrivals are sent 250 ms late. */
    private static RequestRecords injector(int lateAtEnd) {
        List<RequestRecords.Arrival> arrivals = new ArrayList<>();
        for (int k = 0; k < 50; k++) {
            long intended = k * 100 * MS;
            long sent = k >= 50 - lateAtEnd ? intended + 250 * MS : intended;
            arrivals.add(new RequestRecords.Arrival(k, "read_account", intended, sent, sent + 5 * MS, 200, "ok"));
        }
        return new RequestRecords(1_800_000_000_000L, Map.of(), true, arrivals);
    }

    private static Summary.Status status(int lateAtEnd0, int lateAtEnd1) {
        List<RequestRecords> injectors = List.of(injector(lateAtEnd0), injector(lateAtEnd1));
        Measurement.Result m = Measurement.measure(injectors, List.of("read_account"), 20, 0, 0, 5, "constant");
        RunContext ctx = new RunContext("merged", 20, Duration.ofSeconds(5), Duration.ZERO, Map.of("rate", 20),
                List.of("read_account"));
        return ResultsWriter.status(ctx, m, injectors.size());
    }

    private static boolean shortfallReported(Summary.Status status) {
        return status.reasons().stream().anyMatch(r -> r.contains("planned arrivals sent in the window"));
    }

    @Test
    void oneEdgeArrivalPerInjectorIsTolerated() {
        Summary.Status status = status(1, 1);
        assertFalse(shortfallReported(status), status.reasons().toString());
    }

    @Test
    void moreThanOnePerInjectorFailsTheRun() {
        Summary.Status status = status(2, 1);
        assertTrue(shortfallReported(status), status.reasons().toString());
        assertFalse(status.passed());
        assertTrue(status.reasons().stream().anyMatch(r -> r.contains("97 of 100 planned arrivals")),
                status.reasons().toString());
    }

    @Test
    void aCleanMergeHasNoShortfall() {
        Summary.Status status = status(0, 0);
        assertEquals(List.of(), status.reasons().stream().filter(r -> r.contains("planned")).toList());
    }
}
