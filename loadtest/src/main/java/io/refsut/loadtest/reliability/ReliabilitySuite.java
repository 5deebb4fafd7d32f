package io.refsut.loadtest.reliability;

import io.refsut.loadtest.run.HttpClients;
import io.refsut.loadtest.run.Machine;
import io.refsut.loadtest.stack.LocalStack;
import io.refsut.loadtest.stack.Ports;
import io.refsut.loadtest.stack.StackException;
import java.io.IOException;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * {@code sut reliability}: starts the local stack (the embedded stand-in in a process of its own, on a file, unless
 * a MongoDB URI is given), runs the chosen parts — bad input, faults under constant load, soak — and writes
 * {@code <results>/<timestamp>-reliability/report.json}, {@code report.md} and {@code timeline.html}. All traffic
 * goes to the stack's loopback ports.
 */
public final class ReliabilitySuite {

    /** Parts of the suite. */
    public enum Part { BAD_INPUT, FAULTS, SOAK }

    /**
     * The orchestrator's recovery sweep in this suite: payments PENDING for 10 s, swept every 2 s (defaults 30 s and
     * 10 s), so the consistency check after each scenario waits seconds, not a minute, for what a crash or a failed
     * compensation left PENDING. 10 s stays above the longest a live payment takes under the suite's request timeout.
     */
    static final List<String> RECOVERY_OPTIONS = List.of("-Dsut.recovery.min-age-ms=10000",
            "-Dsut.recovery.interval-ms=2000");

    /**
     * Everything the suite needs. {@code stack} is the local stack's settings ({@code mongodbUri} blank = the
     * embedded stand-in in its own process); {@code faults} a comma list of fault ids or {@code all}.
     */
    public record Settings(LocalStack.Settings stack, Path resultsDir, Set<Part> parts, String faults, double rate,
            int accounts, Duration warmupMax, Duration before, Duration down, Duration freeze, Duration after,
            Duration settle, Duration requestTimeout, Duration recoveryWait, Duration soak, long seed,
            String commandLine) {

        /** Refuses an unknown fault id here, before anything starts ({@link IllegalArgumentException}). */
        public Settings {
            Fault.parse(faults);
        }
    }

    /** The report folder and whether every part passed. */
    public record Result(Path folder, boolean passed) {
    }

    private ReliabilitySuite() {
    }

    public static Result run(Settings settings, Consumer<String> console) throws IOException, InterruptedException {
        List<Fault> faults = Fault.parse(settings.faults());
        Path folder = settings.resultsDir().resolve(LocalDateTime.now().format(
                DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-reliability");
        Files.createDirectories(folder);
        String uri = settings.stack().mongodbUri();
        boolean embedded = uri == null || uri.isBlank();
        DatabaseProcess database = null;
        LocalStack stack = null;
        List<String> problems = new ArrayList<>();
        PartResult badInput = null;
        List<FaultPart.Outcome> outcomes = new ArrayList<>();
        SoakPart.Outcome soak = null;
        Map<String, Object> header = new LinkedHashMap<>();
        header.put("startedAt", Instant.now().toString());
        header.put("command", settings.commandLine());
        header.put("machine", Machine.describe());
        header.put("machineSummary", Machine.describe().toString());
        header.put("rate", settings.rate());
        header.put("settings", Map.of("accounts", settings.accounts(), "beforeSeconds", settings.before().toSeconds(),
                "downSeconds", settings.down().toSeconds(), "freezeSeconds", settings.freeze().toSeconds(),
                "afterSeconds", settings.after().toSeconds(), "settleSeconds", settings.settle().toSeconds(),
                "requestTimeoutSeconds", settings.requestTimeout().toSeconds(), "recoveryWaitSeconds",
                settings.recoveryWait().toSeconds(), "soakSeconds",
                settings.soak().toSeconds(), "seed", settings.seed()));
        try {
            if (embedded) {
                database = DatabaseProcess.start(folder.resolve("db"), Ports.parse("auto").choose(0, "database"));
                uri = database.connectionString();
                console.accept("started " + DatabaseProcess.DESCRIPTION + " at " + uri + " (pid " + database.pid()
                        + ")");
            }
            header.put("database", embedded ? DatabaseProcess.DESCRIPTION + " at " + uri : LocalStack.redact(uri));
            header.put("retryWrites", embedded ? "not available (no replica set)"
                    : "QUARKUS_MONGODB_WRITE_CONCERN_RETRY_WRITES=" + env("QUARKUS_MONGODB_WRITE_CONCERN_RETRY_WRITES",
                            "true (services' default)"));
            LocalStack.Settings s = settings.stack();
            List<String> jvmOptions = new ArrayList<>(s.jvmOptions());
            jvmOptions.addAll(RECOVERY_OPTIONS);
            header.put("recoverySweep", String.join(" ", RECOVERY_OPTIONS));
            stack = LocalStack.start(new LocalStack.Settings(s.home(), folder.resolve("logs"), uri, s.ports(),
                    jvmOptions, s.dataServiceJvmOptions(), s.startTimeout()), console);
            HttpClient client = HttpClients.create(true);
            try (DatabaseInspector inspector = new DatabaseInspector(uri)) {
                if (settings.parts().contains(Part.BAD_INPUT)) {
                    badInput = BadInputPart.run(stack, client, inspector, console);
                }
                if (settings.parts().contains(Part.FAULTS)) {
                    FaultPart.Settings fs = new FaultPart.Settings(settings.rate(), settings.accounts(),
                            settings.warmupMax(), settings.before(), settings.down(), settings.freeze(),
                            settings.after(), settings.settle(), settings.requestTimeout(), s.startTimeout(),
                            settings.recoveryWait(), settings.seed());
                    for (Fault fault : faults) {
                        if (fault.needsDatabaseProcess() && database == null) {
                            problems.add(fault.id() + " skipped: the database is not a process this command started "
                                    + "(use a managed failover test for a real MongoDB, see docs/reliability.md)");
                            continue;
                        }
                        outcomes.add(FaultPart.run(fault, stack, database, inspector, client, fs, console));
                        String dead = stack.deadServiceReport();
                        if (dead != null) {
                            problems.add("after " + fault.id() + ": " + dead);
                            break;
                        }
                    }
                }
                if (settings.parts().contains(Part.SOAK) && !settings.soak().isZero()) {
                    soak = SoakPart.run(stack, inspector, client, settings.rate(), settings.soak(),
                            settings.requestTimeout(), settings.seed() + 100, console);
                }
            }
        } catch (StackException | IllegalStateException | IOException e) {
            problems.add(e.getClass().getSimpleName() + ": " + e.getMessage());
            console.accept(e.getMessage());
        } finally {
            if (stack != null) {
                stack.close();
            }
            if (database != null) {
                database.close();
            }
        }
        boolean passed = ReliabilityReport.write(folder, header, badInput, outcomes, soak, problems);
        console.accept("report: " + folder.resolve("report.md") + " (" + (passed ? "passed" : "FAILED") + ")");
        return new Result(folder, passed);
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
