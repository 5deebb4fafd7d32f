package io.refsut.loadtest.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.refsut.loadtest.simulation.RequestLog;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MeasurementTest {

    private static final long MS = 1_000_000;
    private static final List<String> OPS = List.of("read_account", "update_account", "make_payment", "read_payment");

    /** 10/s for {@code seconds}, each answering in {@code serviceMs} after being sent {@code lagMs} late. */
    private static List<RequestRecords.Arrival> steady(int seconds, String op, long lagMs, long serviceMs) {
        List<RequestRecords.Arrival> arrivals = new ArrayList<>();
        for (int k = 0; k < seconds * 10; k++) {
            long intended = k * 100 * MS;
            long sent = intended + lagMs * MS;
            arrivals.add(new RequestRecords.Arrival(k, op, intended, sent, sent + serviceMs * MS, 200, "ok"));
        }
        return arrivals;
    }

    private static Measurement.Result measure(List<RequestRecords.Arrival> arrivals, double ramp, double settle,
            double duration) {
        return Measurement.measure(List.of(new RequestRecords(1_800_000_000_000L, Map.of(), true, arrivals)), OPS, 10,
                ramp, settle, duration, "constant");
    }

    @Test
    void aRecordedLatencyOf3721MsIsTheMaxWithinOneMillisecond() {
        List<RequestRecords.Arrival> arrivals = steady(10, "read_account", 0, 5);
        arrivals.set(42, new RequestRecords.Arrival(42, "read_account", 4200 * MS, 4200 * MS, 4200 * MS + 3_721_000_000L,
                200, "ok"));
        OperationStats reads = measure(arrivals, 0, 0, 10).operations().get("read_account");
        assertEquals(3721.0, reads.maxMs(), 1.0);
        assertEquals(3721.0, reads.serviceTime().maxMs(), 1.0);
        assertEquals(5.0, reads.p50Ms(), 0.005 + 1e-9);
    }

    @Test
    void percentilesAreWithinATenthOfAPercent() {
        List<RequestRecords.Arrival> arrivals = new ArrayList<>();
        for (int k = 0; k < 1000; k++) {
            long service = (k + 1) * 1_234_567L; // 1.23 ms … 1234.6 ms
            arrivals.add(new RequestRecords.Arrival(k, "read_account", k * MS, k * MS, k * MS + service, 200, "ok"));
        }
        OperationStats s = Measurement.measure(List.of(new RequestRecords(0, Map.of(), true, arrivals)), OPS, 1000, 0,
                0, 1, "constant").overall();
        assertEquals(500 * 1.234567, s.p50Ms(), 500 * 1.234567 * 0.001);
        assertEquals(990 * 1.234567, s.p99Ms(), 990 * 1.234567 * 0.001);
        assertEquals(1000 * 1.234567, s.maxMs(), 0.001);
        assertEquals(500.5 * 1.234567, s.meanMs(), 0.001);
    }

    @Test
    void responseTimeCountsTheLagAndServiceTimeDoesNot() {
        Measurement.Result m = measure(steady(10, "make_payment", 1500, 5), 0, 0, 10);
        OperationStats writes = m.writes();
        assertEquals(1505.0, writes.p50Ms(), 1.6);
        assertEquals(5.0, writes.serviceTime().p50Ms(), 0.01);
        assertEquals(0, m.reads().count());
        assertEquals(100, writes.count());
        assertEquals(1500.0, m.injector().maxLagMs(), 1e-6);
        assertEquals(1000.0, m.injector().lateThresholdMs(), 1e-9); // 10 intervals of 100 ms
        assertTrue(m.injector().fellBehind(), m.injector().toString());
        assertTrue(m.injector().perSecond().stream().allMatch(s -> s.maxLagMs() == 1500.0));
    }

    @Test
    void failuresAreCountedByKindAndKeptOutOfTheSuccessfulFigures() {
        List<RequestRecords.Arrival> arrivals = steady(10, "read_account", 0, 50);
        for (int k = 0; k < 100; k += 4) {
            arrivals.set(k, new RequestRecords.Arrival(k, "read_account", k * 100 * MS, k * 100 * MS,
                    k * 100 * MS + MS, 503, "http_503"));
        }
        arrivals.set(1, new RequestRecords.Arrival(1, "read_account", 100 * MS, 100 * MS, 100 * MS + 10_000 * MS, 0,
                "timeout"));
        OperationStats s = measure(arrivals, 0, 0, 10).overall();
        assertEquals(100, s.count());
        assertEquals(74, s.ok());
        assertEquals(Map.of("http_503", 25L, "timeout", 1L), s.errorsByKind());
        assertEquals(50.0, s.p50Ms(), 0.05);
        assertEquals(50.0, s.maxMs(), 1e-9);
        assertEquals(1.0, s.failures().get("http_503").p50Ms(), 1e-3);
        assertEquals(10_000.0, s.failures().get("timeout").maxMs(), 1e-9);
    }

    @Test
    void theWindowStartsAfterRampAndSettleByIntendedStart() {
        Measurement.Result m = measure(steady(10, "read_account", 0, 5), 2, 3, 5);
        assertEquals(50, m.overall().count());
        assertEquals(50, m.beforeWindow().count());
        assertEquals(5, m.perSecond().get(Measurement.ALL).size());
        SecondStats first = m.perSecond().get("read_account").get(0);
        assertEquals(10, first.arrivals());
        assertEquals(10, first.completions());
        assertEquals(5.0, first.p99Ms(), 1e-9);
        assertEquals(50, m.injector().plannedArrivals());
        assertEquals(50, m.injector().sentArrivals());
        assertFalse(m.injector().fellBehind());
    }

    @Test
    void failureKindsFromTheStatusAndTheTimeout() {
        assertEquals("ok", RequestLog.kind(201, 201, 5 * MS, 10_000));
        assertEquals("http_409", RequestLog.kind(409, 201, 5 * MS, 10_000));
        assertEquals("timeout", RequestLog.kind(0, 200, 9_950 * MS, 10_000));
        assertEquals("connection", RequestLog.kind(0, 200, 3 * MS, 10_000));
        assertEquals("timeout", RequestRecords.kindOf("i.g.h.c.i.RequestTimeoutException: Request timeout after 10000 ms"));
        assertEquals("http_503", RequestRecords.kindOf("status.find.is(200), found 503"));
    }

    @Test
    void readsTheRequestLogItWrites(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("requests-run.csv");
        try (RequestLog log = RequestLog.open(file)) {
            Map<String, String> header = new LinkedHashMap<>();
            header.put("anchorEpochMillis", "1800000000000");
            header.put("arrivals", "poisson");
            log.header(header);
            log.append(0, "read_account", 0, 1000, 2_001_000, 200, "ok");
            log.append(1, "make_payment", 20 * MS, 21 * MS, 30 * MS, 0, "connection");
        }
        RequestRecords records = RequestRecords.read(file);
        assertEquals(1_800_000_000_000L, records.anchorEpochMillis());
        assertEquals("poisson", records.header().get("arrivals"));
        assertEquals(2, records.arrivals().size());
        assertEquals(2_001_000, records.arrivals().get(0).responseNanos());
        assertEquals(9 * MS, records.arrivals().get(1).serviceNanos());
        assertFalse(records.arrivals().get(1).ok());
    }
}
