package io.refsut.loadtest.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimulationLogReaderTest {

    private static final int RATE = 20;
    private static final int SECONDS = 3;
    private static final int USERS = RATE * SECONDS;

    @TempDir
    static Path results;

    static Path runDir;
    static SimulationLog log;

    @BeforeAll
    static void runGatling() throws Exception {
        runDir = GatlingFixture.run(results, RATE, SECONDS);
        log = SimulationLogReader.read(runDir);
    }

    @Test
    void readsTheRunRecordOfARealGatling315Log() {
        assertEquals("3.15.0", log.gatlingVersion());
        assertEquals(FixtureSimulation.class.getName(), log.simulationClass());
        assertEquals(List.of("run"), log.scenarios());
        assertTrue(log.runStartMillis() > 1_600_000_000_000L, "run start is an epoch instant");
    }

    @Test
    void readsEveryUserStartAndEnd() {
        assertEquals(USERS, log.userStarts("run").length);
        assertEquals(USERS, log.users().stream().filter(u -> !u.start()).count());
        assertEquals(0, log.userStarts("other").length);
    }

    @Test
    void readsEveryRequestWithNameTimesStatusAndMessage() {
        assertEquals(USERS, log.requests().size());
        List<SimulationLog.Request> reads = log.requests().stream().filter(r -> r.name().equals("read_account"))
                .toList();
        List<SimulationLog.Request> payments = log.requests().stream()
                .filter(r -> r.name().equals("make_payment")).toList();
        assertEquals(USERS / 2, reads.size());
        assertEquals(USERS / 2, payments.size());
        assertTrue(reads.stream().allMatch(r -> r.ok() && r.message().isEmpty() && r.groups().isEmpty()));
        assertTrue(payments.stream().noneMatch(SimulationLog.Request::ok));
        assertTrue(payments.stream().allMatch(r -> r.message().contains("503")), payments.get(0).message());
        long first = log.userStarts(null)[0];
        for (SimulationLog.Request request : log.requests()) {
            assertTrue(request.endMillis() >= request.startMillis());
            assertTrue(request.startMillis() >= first && request.startMillis() >= log.runStartMillis());
        }
    }

    @Test
    void arrivalsFollowTheConstantRateSchedule() {
        long[] starts = log.userStarts("run");
        double spanSeconds = (starts[starts.length - 1] - starts[0]) / 1000.0;
        // 60 arrivals 50 ms apart span 2.95 s; coarse bounds only
        assertTrue(spanSeconds > 2 && spanSeconds < 4, "arrivals span " + spanSeconds + " s");
    }

    @Test
    void summaryAgreesWithGatlingOnCountsAndReadsItsReport(@TempDir Path out) throws IOException {
        RunContext ctx = new RunContext("fixture", RATE, Duration.ofSeconds(SECONDS), Duration.ZERO,
                Map.of("rate", RATE), List.of("read_account", "update_account", "make_payment"));
        Summary summary = ResultsWriter.write(out, runDir, null, ctx, ServerMetrics.empty(), ServerMetrics.empty(), null);

        assertEquals(USERS, summary.overall().count());
        assertEquals(USERS / 2, summary.totalErrors());
        assertEquals(Map.of("http_503", (long) USERS / 2), summary.operations().get("make_payment").errorsByKind());
        assertEquals(0, summary.operations().get("update_account").count());
        assertTrue(summary.gatlingReported().available());
        GatlingReport.Row all = summary.gatlingReported().rows().get(GatlingReport.ALL_REQUESTS);
        assertEquals(USERS, all.count());
        assertEquals(USERS / 2, all.errors());
        assertEquals(log.requests().stream().mapToLong(SimulationLog.Request::durationMillis).max().orElseThrow(),
                all.maxMs());
        assertTrue(all.percentilesMs().keySet().containsAll(List.of("50", "95", "99")), all.toString());
        assertTrue(summary.gatlingReported().differences().stream()
                .noneMatch(d -> d.figure().equals("count") || d.figure().equals("errors") || d.figure().equals("maxMs")),
                summary.gatlingReported().differences().toString());
        assertEquals(USERS, summary.injector().plannedArrivals());
        assertTrue(Files.isRegularFile(out.resolve("summary.json")));
        assertTrue(Files.readString(out.resolve("summary.md")).contains("| make_payment | 30 | 0 | 30 |"));
    }

    @Test
    void rejectsATextLogOfOlderGatlingVersions(@TempDir Path dir) throws IOException {
        Path old = dir.resolve("simulation.log");
        Files.writeString(old, "RUN\tx.Sim\tsim\t1700000000000\t \t3.9.5\n");
        IOException error = org.junit.jupiter.api.Assertions.assertThrows(IOException.class,
                () -> SimulationLogReader.read(old));
        assertTrue(error.getMessage().contains("not a binary Gatling"), error.getMessage());
    }

    @Test
    void keepsTheRecordsBeforeATruncatedLastRecord(@TempDir Path dir) throws IOException {
        byte[] bytes = Files.readAllBytes(runDir.resolve("simulation.log"));
        Path cut = dir.resolve("simulation.log");
        Files.write(cut, java.util.Arrays.copyOf(bytes, bytes.length - 3));
        SimulationLog partial = SimulationLogReader.read(cut);
        int records = partial.requests().size() + partial.users().size();
        assertEquals(log.requests().size() + log.users().size() - 1, records);
        assertFalse(partial.requests().isEmpty());
    }
}
