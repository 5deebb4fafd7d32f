package io.refsut.loadtest.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.refsut.loadtest.cli.SutCommand;
import io.refsut.loadtest.report.OperationStats;
import io.refsut.loadtest.report.Summary;
import io.refsut.loadtest.report.SummaryJson;
import io.refsut.loadtest.simulation.AckRecord;
import io.refsut.loadtest.simulation.WriteOutcome;
import io.refsut.loadtest.testing.FakeOrchestrator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sut run --target} against the in-memory orchestrator, in a child JVM (Gatling's system properties stay out
 * of this one): the behaviours the measurement promises, with short runs at 50/s.
 */
class RunMeasurementTest {

    @TempDir
    Path results;

    /** A run in a child JVM: its exit status, its summary and its console output. */
    record Outcome(int exit, Summary summary, Path folder, String output) {
    }

    private Outcome run(FakeOrchestrator fake, String... extra) throws IOException, InterruptedException {
        return sut("run", fake, extra);
    }

    /** {@code sut <subcommand>} against {@code fake}; the summary is null when the command writes none. */
    private Outcome sut(String subcommand, FakeOrchestrator fake, String... extra)
            throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "--add-opens", "java.base/java.lang=ALL-UNNAMED",
                "-Xmx512m", "-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                SutCommand.class.getName(), subcommand));
        java.util.Map<String, String> options = new java.util.LinkedHashMap<>();
        String[] defaults = {"--target", fake.url().toString(), "--results-dir", results.toString(), "--label", "t",
            "--records", "40", "--payments", "4", "--warmup", "0", "--verify", "full", "--mix", "read=100", "--rate",
            "50", "--settle", "1s", "--duration", "5s"};
        for (int i = 0; i < defaults.length; i += 2) {
            options.put(defaults[i], defaults[i + 1]);
        }
        for (int i = 0; i < extra.length; i += 2) {
            options.put(extra[i], extra[i + 1]);
        }
        options.forEach((name, value) -> command.add(name + "=" + value));
        Path output = Files.createTempFile(results, "sut", ".log");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new IOException("sut run did not finish:\n" + Files.readString(output));
        }
        String text = Files.readString(output);
        Path runJson;
        try (Stream<Path> files = Files.walk(results, 2)) {
            runJson = files.filter(f -> f.getFileName().toString().equals("run.json")).findFirst()
                    .orElseThrow(() -> new IOException("no run.json:\n" + text));
        }
        Path summary = runJson.resolveSibling("summary.json");
        if (subcommand.equals("run") && !Files.exists(summary)) {
            throw new IOException("no summary.json:\n" + text);
        }
        return new Outcome(process.exitValue(), Files.exists(summary) ? SummaryJson.read(summary) : null,
                runJson.getParent(), text);
    }

    @Test
    void fastFailuresStayOutOfTheSuccessfulPercentilesAndFailTheRun() throws Exception {
        try (FakeOrchestrator fake = new FakeOrchestrator()) {
            fake.readDelayMillis = 50;
            fake.failEveryNthRead = 2;
            Outcome outcome = run(fake);
            Summary s = outcome.summary();
            OperationStats reads = s.operations().get("read_account");
            assertEquals(1, outcome.exit(), outcome.output());
            assertFalse(s.status().passed());
            assertTrue(s.status().reasons().stream().anyMatch(r -> r.contains("requests failed")),
                    s.status().reasons().toString());
            assertTrue(s.reconciliation().clean(), s.reconciliation().toString());
            assertTrue(s.markdown().startsWith("# FAILED"), s.markdown());
            assertTrue(outcome.output().contains("FAILED:"), outcome.output());
            // half the reads fail fast; the successful ones all waited 50 ms, and so do their percentiles (on a busy
            // machine both kinds also wait for the CPU: the failures are faster, not necessarily fast)
            assertTrue(reads.errors() > reads.count() / 4, reads.toString());
            assertTrue(reads.p50Ms() >= 50 && reads.serviceTime().p50Ms() >= 50, reads.toString());
            assertTrue(reads.failures().get("http_503").p50Ms() < reads.p50Ms(), reads.failures().toString());
            assertEquals(reads.errors(), (long) reads.errorsByKind().get("http_503"));
        }
    }

    @Test
    void loadWritesAnswered503AreSentAgainAndReconciled() throws Exception {
        try (FakeOrchestrator fake = new FakeOrchestrator()) {
            fake.accountCreatesFailingUnwritten.set(3);
            fake.accountCreatesFailingWritten.set(1);
            fake.paymentsFailingWritten.set(1);
            fake.accountCreatesHalfMade.set(1); // 409 + 404 for 10 s: sent again after 20 s, then created
            // what is judged here is the load phase; the short run phase after it only has to run (in a fresh
            // clone's build, 2 of its 100 arrivals once came late, a 2 % shortfall that failed the run)
            Outcome outcome = run(fake, "--duration", "2s", "--max-rate-shortfall-pct", "100");
            assertEquals(0, outcome.exit(), outcome.output());
            JsonNode load = new ObjectMapper().readTree(outcome.folder().resolve("run.json").toFile())
                    .path("loadPhase");
            assertEquals(6, load.path("retried").asLong(), load.toString());
            assertEquals(2, load.path("retriedExisting").asLong(), load.toString());
            assertEquals(1, load.path("retriedHalfMade").asLong(), load.toString());
            assertEquals(2, load.path("existing").asLong(), load.toString());
            assertEquals(0, load.path("failed").asLong(), load.toString());
            assertTrue(outcome.output().contains("6 sent again after a 5xx, no answer or a half-made record"),
                    outcome.output());
            assertEquals(40, fake.accounts.size());
            assertEquals(4, fake.payments.size());
            // one line per write: the retried ones the first attempt wrote are indeterminate, with its 503
            List<AckRecord> writes;
            try (Stream<String> lines = Files.lines(outcome.folder().resolve("writes-load.csv"))) {
                writes = lines.filter(line -> !line.isBlank()).map(AckRecord::parse).toList();
            }
            assertEquals(44, writes.size());
            assertEquals(44, writes.stream().map(AckRecord::id).distinct().count());
            List<AckRecord> indeterminate = writes.stream()
                    .filter(w -> w.outcome() == WriteOutcome.INDETERMINATE).toList();
            assertEquals(2, indeterminate.size(), indeterminate.toString());
            assertTrue(indeterminate.stream().allMatch(w -> w.status() == 503), indeterminate.toString());
            assertEquals(1, indeterminate.stream().filter(w -> w.operation().equals("make_payment")).count());
            // the debit of the payment whose 503 hid its success is accounted for: the balances reconcile
            assertTrue(outcome.summary().reconciliation().clean(), outcome.summary().reconciliation().toString());
        }
    }

    @Test
    void aLoadWhoseRetriesFoundTheirOwnWritesStillJudgesBalances() throws Exception {
        try (FakeOrchestrator fake = new FakeOrchestrator()) {
            fake.accountCreatesFailingWritten.set(1);
            fake.paymentsFailingWritten.set(1);
            Outcome outcome = sut("load", fake);
            assertEquals(0, outcome.exit(), outcome.output());
            JsonNode runJson = new ObjectMapper().readTree(outcome.folder().resolve("run.json").toFile());
            assertEquals(2, runJson.path("loadPhase").path("retriedExisting").asLong(), runJson.toString());
            // the two found written were this load's own: none came from an earlier load, so the whole history is
            // judged, balances included
            assertFalse(outcome.output().contains("from an earlier load of seed"), outcome.output());
            assertFalse(outcome.output().contains("balances and owners not judged"), outcome.output());
            assertTrue(runJson.path("passed").asBoolean(), runJson.toString());
        }
    }

    @Test
    void aWarmUpShowsEachWindowAndOneThatEndsStillFallingStartsTheLoadOverTheColdRamp() throws Exception {
        try (FakeOrchestrator fake = new FakeOrchestrator()) {
            // one 5 s window, then the bound: the warm-up cannot have seen its p50 stop falling
            Outcome outcome = run(fake, "--warmup", "1s", "--warmup-max", "5s", "--duration", "2s",
                    "--max-rate-shortfall-pct", "100");
            assertEquals(0, outcome.exit(), outcome.output());
            assertTrue(java.util.regex.Pattern.compile("\\[sut\\] warm-up: 5 s, \\d+ cycles, window p50 [0-9.]+ ms, "
                    + "still falling").matcher(outcome.output()).find(), outcome.output());
            assertTrue(outcome.output().contains("bound of 5 s reached while the p50 cycle time was still falling"),
                    outcome.output());
            assertTrue(outcome.output().contains("40 accounts and 4 payments, 64 concurrent users, started over 20 s or "
                    + "until every record is taken (the warm-up ended before the system was warm)"), outcome.output());
            assertEquals(Boolean.FALSE, outcome.summary().warmup().get("warm"), outcome.summary().warmup().toString());
            assertEquals("20000", String.valueOf(outcome.summary().parameters().get("sut.loadRampMillis")));
        }
    }

    @Test
    void aLoadSmallerThanTheColdRampDoesNotWaitForItsLastUsers() throws Exception {
        try (FakeOrchestrator fake = new FakeOrchestrator()) {
            Outcome outcome = sut("load", fake);
            assertEquals(0, outcome.exit(), outcome.output());
            assertEquals(40, fake.accounts.size());
            assertEquals(4, fake.payments.size());
            JsonNode load = new ObjectMapper().readTree(outcome.folder().resolve("run.json").toFile())
                    .path("loadPhase");
            assertEquals(44, load.path("writes").asLong(), load.toString());
            // the users still waiting for their start in the ramp when every account was taken never started, so
            // the payments (which start once every account user has ended) did not wait for the ramp's end
            assertTrue(load.path("writingSeconds").asDouble() < RunDriver.COLD_LOAD_RAMP.toSeconds() / 2.0,
                    load.toString());
        }
    }

    @Test
    void aStallShowsInTheResponseTimeNotInTheServiceTime() throws Exception {
        try (FakeOrchestrator fake = new FakeOrchestrator()) {
            fake.stallAfterReads = 150; // in the measured window: 1 s settle, then 50/s
            fake.stallMillis = 2000;
            Outcome outcome = run(fake, "--max-in-flight", "2", "--duration", "8s");
            Summary s = outcome.summary();
            OperationStats reads = s.operations().get("read_account");
            assertTrue(reads.maxMs() >= 2000 && reads.p99Ms() >= 1000, reads.toString());
            assertTrue(reads.serviceTime().p99Ms() < 1000, reads.serviceTime().toString());
            assertTrue(s.injector().maxLagMs() >= 1000 && s.injector().lateArrivals() > 0, s.injector().toString());
            assertTrue(s.injectorFellBehind(), s.injector().toString());
            assertEquals(1, outcome.exit(), outcome.output());
        }
    }

    @Test
    void aShortRampRaisesNoLagWarning() throws Exception {
        try (FakeOrchestrator fake = new FakeOrchestrator()) {
            Outcome outcome = run(fake, "--ramp", "5s", "--duration", "3s");
            Summary s = outcome.summary();
            assertFalse(s.injectorFellBehind(), s.injector().toString());
            assertTrue(s.injector().reasons().isEmpty(), s.injector().reasons().toString());
            assertEquals(0, outcome.exit(), outcome.output());
            assertTrue(s.beforeWindow().count() > 100, s.beforeWindow().toString()); // ramp 125 + settle 50
            assertEquals(150, s.injector().plannedArrivals());
            // the first server-side scrape falls in the settle period (its CPU burst stays off the window's first
            // requests), after the ramp and settle began
            java.time.Instant windowStart = java.time.Instant.parse(s.window().start());
            java.time.Instant scrapeBefore = java.time.Instant.parse(s.window().scrapeBefore());
            assertTrue(scrapeBefore.isBefore(windowStart), scrapeBefore + " vs window start " + windowStart);
            assertTrue(scrapeBefore.isAfter(windowStart.minusSeconds(6)), scrapeBefore + " vs " + windowStart);
            assertTrue(Files.readString(outcome.folder().resolve("summary.html"))
                    .contains("<svg"));
            // every arrival waited for its intended instant: none was sent early (the users of a second are
            // delivered at the second's start)
            io.refsut.loadtest.report.RequestRecords records = io.refsut.loadtest.report.RequestRecords.read(
                    outcome.folder().resolve(RunDriver.REQUEST_LOG));
            assertEquals(125 + 50 + 150, records.arrivals().size());
            long earliest = records.arrivals().stream().mapToLong(a -> a.sentNanos() - a.intendedNanos()).min()
                    .orElseThrow();
            assertTrue(earliest > -2_000_000, "an arrival was sent " + (-earliest / 1e6) + " ms early");
        }
    }
}
