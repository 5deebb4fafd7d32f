package io.refsut.loadtest.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.refsut.loadtest.cli.SutCommand;
import io.refsut.loadtest.simulation.AckRecord;
import io.refsut.loadtest.stack.ServiceSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs {@code sut run} in this JVM against the real local stack: the embedded MongoDB stand-in, the five services
 * as processes from their packaged jars (built earlier in the reactor), HTTPS to the orchestrator, free ports.
 */
class SutRunIT {

    /** Half the default rate: the 2-core CI machine also runs the five services, the embedded server and Gatling. */
    private static final int RATE = 25;
    private static final int SECONDS = 15;
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Path home;

    @TempDir
    Path results;

    @BeforeAll
    static void findPackagedServices() {
        home = Path.of(System.getProperty("sut.repo.root", "..")).toAbsolutePath().normalize();
        List<String> missing = new ArrayList<>();
        for (ServiceSpec spec : ServiceSpec.ALL) {
            if (!Files.isRegularFile(home.resolve(spec.jar()))) {
                missing.add(spec.jar());
            }
        }
        if (!missing.isEmpty()) {
            fail("the end-to-end test needs the packaged services " + missing + " under " + home
                    + "; build them first (./mvnw -B verify builds them before loadtest)");
        }
    }

    @Test
    @Timeout(600)
    void shortRunOnTheLocalStackIsExactCompleteAndLeavesNothingRunning() throws IOException {
        int exit = SutCommand.commandLine().execute("run", "--home", home.toString(), "--ports", "auto",
                "--results-dir", results.toString(), "--label", "e2e", "--records", "300", "--rate",
                Integer.toString(RATE), "--duration", SECONDS + "s", "--mix", "read=50,update=20,insert=20,readPayment=10",
                "--verify", "full", "--max-error-pct", "0", "--settle", "2s", "--warmup-max", "60s");

        Path run = onlyResultsFolder();
        assertEquals(0, exit, "sut run failed; see " + run);

        JsonNode summary = JSON.readTree(run.resolve("summary.json").toFile());
        long expected = (long) RATE * SECONDS;
        long arrivals = summary.path("overall").path("count").asLong();
        assertTrue(Math.abs(arrivals - expected) <= expected * 0.02,
                "arrivals " + arrivals + " vs rate x duration " + expected);
        assertEquals(RATE, summary.path("targetRate").asDouble(), 1e-9);
        assertEquals(0, summary.path("overall").path("errors").asLong(), "errors");
        for (String operation : List.of("read_account", "update_account", "make_payment", "read_payment")) {
            JsonNode stats = summary.path("operations").path(operation);
            assertTrue(stats.path("count").asLong() > 0, operation + " was not exercised: " + stats);
            assertTrue(stats.path("p99Ms").isNumber() && stats.path("maxMs").isNumber(), operation + ": " + stats);
        }
        JsonNode reconciliation = summary.path("reconciliation");
        assertEquals(0, reconciliation.path("missing").asLong(), reconciliation.toString());
        assertEquals(0, reconciliation.path("mismatched").asLong(), reconciliation.toString());
        assertTrue(reconciliation.path("checked").asLong() >= 300, reconciliation.toString());
        // every acknowledged write has its audit event, and the warm-up's events (written before the load phase,
        // logged by no phase) are not counted as the phases' own
        assertEquals(0, reconciliation.path("auditMissing").asLong(), reconciliation.toString());
        assertEquals(reconciliation.path("checked").asLong(), reconciliation.path("auditChecked").asLong(),
                reconciliation.toString());
        assertFalse(reconciliation.path("auditNote").asText().contains("more events than writes"),
                reconciliation.toString());
        JsonNode warmup = summary.path("warmup");
        assertTrue(warmup.path("cycles").asLong() >= 20, "the warm-up's two one-at-a-time stretches: " + warmup);
        assertFalse(Files.readString(run.resolve("summary.md")).isBlank(), "summary.md");

        JsonNode runInfo = JSON.readTree(run.resolve("run.json").toFile());
        assertTrue(runInfo.path("passed").asBoolean(), runInfo.path("failures").toString());
        assertTrue(runInfo.path("embeddedMongo").asBoolean());
        assertTrue(runInfo.path("target").path("url").asText().startsWith("https://127.0.0.1:"));
        assertEquals(5, runInfo.path("services").size());
        assertTrue(runInfo.path("machine").path("speed").path("loopbackRoundTripUs").asDouble() > 0,
                "the machine's speed, measured before the run: " + runInfo.path("machine"));
        assertLoadRateIsOverItsWrites(runInfo.path("loadPhase"), run.resolve("writes-load.csv"));
        for (JsonNode service : runInfo.path("services")) {
            long pid = service.path("pid").asLong();
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false),
                    service.path("name").asText() + " (pid " + pid + ") is still running");
        }
        assertEquals(0, ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).count(),
                "processes started by the run are still alive");
        try (Stream<Path> reports = Files.list(run.resolve("gatling"))) {
            assertEquals(2, reports.filter(folder -> Files.exists(folder.resolve("index.html"))).count(),
                    "a Gatling HTML report for the load and for the run phase");
        }
    }

    /**
     * The load phase's rate is its writes over the time from the first write sent to the last answered, as the ack
     * log records them; the phase's duration also holds Gatling's start and report, so it is longer.
     */
    private static void assertLoadRateIsOverItsWrites(JsonNode load, Path ackLog) throws IOException {
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        List<String> lines = Files.readAllLines(ackLog);
        for (String line : lines) {
            AckRecord write = AckRecord.parse(line);
            first = Math.min(first, write.startNanos());
            last = Math.max(last, write.endNanos());
        }
        double writing = (last - first) / 1e9;
        assertEquals(330, load.path("writes").asLong(), "300 accounts and 30 payments: " + load);
        assertEquals(lines.size(), load.path("writes").asLong(), "one ack-log line per write: " + load);
        assertEquals(writing, load.path("writingSeconds").asDouble(), 0.0015, "first sent to last answered: " + load);
        assertEquals(330 / load.path("writingSeconds").asDouble(), load.path("ratePerSecond").asDouble(),
                load.path("ratePerSecond").asDouble() * 0.01, "writes per second of writing: " + load);
        assertTrue(load.path("durationSeconds").asDouble() > writing,
                "the phase holds Gatling's start and report besides the writes: " + load);
    }

    private Path onlyResultsFolder() throws IOException {
        try (Stream<Path> folders = Files.list(results)) {
            List<Path> all = folders.filter(Files::isDirectory).toList();
            assertEquals(1, all.size(), "one results folder: " + all);
            return all.get(0);
        }
    }
}
