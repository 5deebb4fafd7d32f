package io.refsut.loadtest.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.refsut.loadtest.cli.SutCommand;
import io.refsut.loadtest.stack.ServiceSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs {@code sut reliability} once on the real local stack (the stand-in in its own process, the five services,
 * free ports): the whole bad-input corpus, then the balances service killed and restarted under a short constant
 * load. The tests read the report it wrote.
 */
class ReliabilityIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path results;

    private static int exit;
    private static JsonNode report;
    private static String markdown;

    @BeforeAll
    static void runTheSuite() throws IOException {
        Path home = Path.of(System.getProperty("sut.repo.root", "..")).toAbsolutePath().normalize();
        List<String> missing = new ArrayList<>();
        for (ServiceSpec spec : ServiceSpec.ALL) {
            if (!Files.isRegularFile(home.resolve(spec.jar()))) {
                missing.add(spec.jar());
            }
        }
        if (!missing.isEmpty()) {
            fail("the reliability test needs the packaged services " + missing + " under " + home);
        }
        // a low rate: the 2-core CI machine also runs the five services and the database
        exit = SutCommand.commandLine().execute("reliability", "--home", home.toString(), "--ports", "auto",
                "--results-dir", results.toString(), "--parts", "bad-input,faults", "--faults", "kill-balances",
                "--rate", "10", "--accounts", "20", "--warmup-max", "30s", "--before", "3s", "--down", "3s",
                "--after", "15s", "--settle", "2s");
        try (Stream<Path> folders = Files.list(results)) {
            Path folder = folders.filter(Files::isDirectory).findFirst().orElseThrow();
            report = JSON.readTree(folder.resolve("report.json").toFile());
            markdown = Files.readString(folder.resolve("report.md"));
            assertTrue(Files.readString(folder.resolve("timeline.html")).contains("<svg"), "timeline chart");
        }
    }

    @Test
    void badInputCorpusCoversEveryServiceWithAtLeast150DistinctRequests() {
        JsonNode part = report.path("parts").path("badInput");
        assertTrue(part.path("cases").asLong() >= 150, part.toString());
        for (String target : List.of("orchestrator", "accounts", "payments", "balances", "audit")) {
            assertTrue(part.path("perTarget").path(target).asLong() > 0, target + " not exercised");
        }
    }

    @Test
    void badInputNeverCausesA5xxNorLeaksInternals() {
        JsonNode part = report.path("parts").path("badInput");
        assertEquals(0, part.path("5xx").asLong(), part.path("failures").toString());
        for (JsonNode failure : part.path("failures")) {
            assertTrue(!failure.asText().contains("leaks internals"), failure.asText());
        }
    }

    @Test
    void everyBadRequestIsRefusedWithAProblemAndWritesNothing() {
        JsonNode part = report.path("parts").path("badInput");
        assertEquals(0, part.path("wrongAnswers").asLong(), part.path("failures").toString());
        assertEquals(0, part.path("documentsWritten").asLong(), part.toString());
    }

    @Test
    void killingBalancesUnderLoadFailsFastRecoversAndLosesNothing() {
        JsonNode fault = report.path("faults").get(0);
        assertEquals("kill-balances", fault.path("fault").asText());
        assertTrue(fault.path("error").isNull(), fault.path("error").asText());
        assertTrue(fault.path("failed").asLong() > 0, "the kill was not noticed: " + fault);
        assertEquals(0, fault.path("timedOut").asLong(), "a request hung until the client timeout: " + fault);
        assertTrue(fault.path("recoverySeconds").asDouble() >= 0, "requests still failed at the end: " + markdown);
        assertEquals(0, fault.path("lost").asLong(), fault.path("examples").toString());
        assertTrue(fault.path("breakerTransitions").toString().contains("balances-"),
                "the balances breaker never moved: " + fault.path("breakerTransitions"));
    }

    @Test
    void runsTheLoadUnmeasuredUntilTheStackHoldsItBeforeTheFault() {
        JsonNode warmup = report.path("faults").get(0).path("warmup");
        assertTrue(warmup.path("requests").asLong() > 0, warmup.toString());
        double seconds = warmup.path("seconds").asDouble();
        assertTrue(seconds >= FaultPart.QUIET_SECONDS && seconds < 30 + 5, "warm-up of " + seconds + " s");
        assertTrue(warmup.path("held").isBoolean(), warmup.toString());
        assertTrue(markdown.contains("s of unmeasured load (" + warmup.path("requests").asLong() + " requests"),
                markdown);
    }

    @Test
    void killingBalancesLeavesNoHalfMadeOperationAfterTheSweep() {
        JsonNode fault = report.path("faults").get(0);
        assertEquals(0, fault.path("inconsistent").asLong(), fault.path("examples").toString());
        assertEquals(0, fault.path("pending").asLong(), fault.toString());
    }

    @Test
    void leavesNoProcessRunningAndExitsAsTheReportSays() {
        assertEquals(0, ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).count(),
                "processes started by the suite are still alive");
        assertEquals(report.path("passed").asBoolean() ? 0 : 1, exit, "exit code and report disagree: " + markdown);
    }
}
