package io.refsut.loadtest.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LatencyStatsTest {

    @Test
    void percentilesOfOneToOneThousandAreExact() {
        LatencyStats stats = new LatencyStats();
        for (int ms = 1000; ms >= 1; ms--) {
            stats.record(ms, true, "");
        }
        LatencyStats.Figures s = stats.stats();
        assertEquals(1000, s.count());
        assertEquals(500.5, s.meanMs(), 1e-9);
        assertEquals(500, s.p50Ms());
        assertEquals(950, s.p95Ms());
        assertEquals(990, s.p99Ms());
        assertEquals(999, s.p999Ms());
        assertEquals(1000, s.maxMs());
        assertEquals(0, s.errors());
    }

    @Test
    void aSingleSlowOutlierShowsOnlyAtTheTop() {
        LatencyStats stats = new LatencyStats();
        for (int i = 0; i < 999; i++) {
            stats.record(5, true, "");
        }
        stats.record(30_000, true, "");
        LatencyStats.Figures s = stats.stats();
        assertEquals(5, s.p99Ms());
        assertEquals(5, s.p999Ms());
        assertEquals(30_000, s.maxMs(), 30_000 * 0.001);
    }

    @Test
    void countsErrorsByTheHttpStatusGatlingNames() {
        LatencyStats stats = new LatencyStats();
        stats.record(3, false, "status.find.is(200), found 503");
        stats.record(3, false, "status.find.in(200,201), found 503");
        stats.record(3, false, "status.find.is(201), found 409");
        stats.record(3, false, "i.n.c.ConnectTimeoutException: connection timed out");
        stats.record(3, true, "");
        LatencyStats.Figures s = stats.stats();
        assertEquals(4, s.errors());
        assertEquals(Map.of("503", 2L, "409", 1L, "i.n.c.ConnectTimeoutException: connection timed out", 1L),
                s.errorsByStatus());
        assertEquals(80.0, s.errorPct(), 1e-9);
    }

    @Test
    void groupsRequestsPerOperationAndOverall() {
        List<SimulationLog.Request> requests = new ArrayList<>();
        for (int i = 1; i <= 10; i++) {
            requests.add(new SimulationLog.Request(List.of(), "read_account", 1000, 1000 + i, true, ""));
            requests.add(new SimulationLog.Request(List.of(), "make_payment", 1000, 1000 + 10 * i, i != 10,
                    i == 10 ? "found 503" : ""));
        }
        LatencyStats.Result result = LatencyStats.of(requests);
        assertEquals(List.of("read_account", "make_payment"), List.copyOf(result.operations().keySet()));
        assertEquals(10, result.operations().get("read_account").stats().maxMs());
        assertEquals(100, result.operations().get("make_payment").stats().maxMs());
        assertEquals(20, result.overall().stats().count());
        assertEquals(1, result.overall().stats().errors());
    }

    @Test
    void emptyStatsAreZero() {
        LatencyStats.Figures s = new LatencyStats().stats();
        assertEquals(new LatencyStats.Figures(0, 0, Map.of(), 0, 0, 0, 0, 0, 0), s);
    }
}
