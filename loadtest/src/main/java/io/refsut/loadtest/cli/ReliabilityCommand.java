package io.refsut.loadtest.cli;

import io.refsut.loadtest.reliability.ReliabilitySuite;
import io.refsut.loadtest.stack.LocalStack;
import io.refsut.loadtest.stack.StackException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sut reliability}: bad input, faults under constant load and soak against the local stack. */
@Command(name = "reliability", mixinStandardHelpOptions = true,
        description = "Start the local stack and run the reliability suite: bad input (every answer a 4xx "
                + "problem+json, nothing written), faults under constant load (kill -9 and restart of each service "
                + "and the database, SIGSTOP/SIGCONT freezes) with timelines and reconciliation, and an optional "
                + "soak. Writes <results>/<timestamp>-reliability/report.md, report.json and timeline.html. Exit code "
                + "0 when every part passed, 1 when it found a defect, 2 on bad options.")
public final class ReliabilityCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    StackOptions stack;

    @Option(names = "--results-dir", defaultValue = "${SUT_RESULTS_DIR:-}", paramLabel = "DIR",
            description = "Where the report folder goes (env SUT_RESULTS_DIR; default: <home>/results).")
    String resultsDir;

    @Option(names = "--parts", defaultValue = "${SUT_RELIABILITY_PARTS:-bad-input,faults}", paramLabel = "LIST",
            description = "Parts to run, comma-separated: bad-input, faults, soak (env SUT_RELIABILITY_PARTS; "
                    + "default: ${DEFAULT-VALUE}; soak also runs when --soak is given).")
    String parts;

    @Option(names = "--faults", defaultValue = "${SUT_RELIABILITY_FAULTS:-all}", paramLabel = "LIST",
            description = "Fault scenarios, comma-separated, or all: kill-accounts, kill-payments, kill-balances, "
                    + "kill-audit, kill-orchestrator, freeze-balances, freeze-payments, kill-database, "
                    + "freeze-database; observe (not in all: load only, while a failover happens outside) "
                    + "(env SUT_RELIABILITY_FAULTS; default: ${DEFAULT-VALUE}).")
    String faults;

    @Option(names = "--rate", defaultValue = "${SUT_RELIABILITY_RATE:-50}", paramLabel = "N",
            description = "Constant arrival rate of the load, business operations per second (env "
                    + "SUT_RELIABILITY_RATE; default: ${DEFAULT-VALUE}).")
    double rate;

    @Option(names = "--accounts", defaultValue = "${SUT_RELIABILITY_ACCOUNTS:-50}", paramLabel = "N",
            description = "Accounts created before each scenario's load (env SUT_RELIABILITY_ACCOUNTS; default: "
                    + "${DEFAULT-VALUE}).")
    int accounts;

    @Option(names = "--warmup-max", defaultValue = "${SUT_RELIABILITY_WARMUP_MAX:-90s}", paramLabel = "DURATION",
            description = "Before each fault the load runs unmeasured until the stack holds it (5 s without a failed "
                    + "request, half of their arrivals answered), for at most this long; 0 = none (env "
                    + "SUT_RELIABILITY_WARMUP_MAX; default: ${DEFAULT-VALUE}).")
    String warmupMax;

    @Option(names = "--before", defaultValue = "${SUT_RELIABILITY_BEFORE:-5s}", paramLabel = "DURATION",
            description = "Load before the fault (env SUT_RELIABILITY_BEFORE; default: ${DEFAULT-VALUE}).")
    String before;

    @Option(names = "--down", defaultValue = "${SUT_RELIABILITY_DOWN:-10s}", paramLabel = "DURATION",
            description = "How long a killed process stays down before its restart (env SUT_RELIABILITY_DOWN; "
                    + "default: ${DEFAULT-VALUE}).")
    String down;

    @Option(names = "--freeze", defaultValue = "${SUT_RELIABILITY_FREEZE:-5s}", paramLabel = "DURATION",
            description = "How long a frozen process stays stopped (env SUT_RELIABILITY_FREEZE; default: "
                    + "${DEFAULT-VALUE}).")
    String freeze;

    @Option(names = "--after", defaultValue = "${SUT_RELIABILITY_AFTER:-15s}", paramLabel = "DURATION",
            description = "Load after the process is back (env SUT_RELIABILITY_AFTER; default: ${DEFAULT-VALUE}).")
    String after;

    @Option(names = "--settle", defaultValue = "${SUT_RELIABILITY_SETTLE:-3s}", paramLabel = "DURATION",
            description = "Wait after the load before the reconciliation, for the recovery sweep (env "
                    + "SUT_RELIABILITY_SETTLE; default: ${DEFAULT-VALUE}).")
    String settle;

    @Option(names = "--request-timeout", defaultValue = "${SUT_RELIABILITY_REQUEST_TIMEOUT:-10s}",
            paramLabel = "DURATION", description = "Client timeout of each load request; a request that reaches it "
                    + "counts as timed out, a defect (env SUT_RELIABILITY_REQUEST_TIMEOUT; default: ${DEFAULT-VALUE}).")
    String requestTimeout;

    @Option(names = "--recovery-wait", defaultValue = "${SUT_RELIABILITY_RECOVERY_WAIT:-60s}", paramLabel = "DURATION",
            description = "After --after, keep the load going while requests failed in the last 5 s, for at most this "
                    + "long (env SUT_RELIABILITY_RECOVERY_WAIT; default: ${DEFAULT-VALUE}).")
    String recoveryWait;

    @Option(names = "--soak", defaultValue = "${SUT_RELIABILITY_SOAK:-0}", paramLabel = "DURATION",
            description = "Run the soak part for this long (e.g. 30m, 1h); 0 = no soak (env SUT_RELIABILITY_SOAK; "
                    + "default: ${DEFAULT-VALUE}).")
    String soak;

    @Option(names = "--seed", defaultValue = "${SUT_RELIABILITY_SEED:-1}", paramLabel = "N",
            description = "Seed of the load's random choices (env SUT_RELIABILITY_SEED; default: ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() throws IOException, InterruptedException {
        ReliabilitySuite.Settings settings;
        try {
            Set<ReliabilitySuite.Part> chosen = EnumSet.noneOf(ReliabilitySuite.Part.class);
            for (String part : parts.split(",")) {
                if (!part.isBlank()) {
                    chosen.add(part(part.trim()));
                }
            }
            java.time.Duration soakFor = Durations.parse(soak);
            if (!soakFor.isZero()) {
                chosen.add(ReliabilitySuite.Part.SOAK);
            }
            if (rate <= 0 || rate > 1000 || accounts < 1 || accounts > 10_000) {
                throw new IllegalArgumentException("--rate must be in (0, 1000] and --accounts in [1, 10000]");
            }
            Path results = LocalStack.resultsDir(stack.home, resultsDir);
            settings = new ReliabilitySuite.Settings(stack.settings(results), results, chosen, faults, rate, accounts,
                    Durations.parse(warmupMax), Durations.parse(before), Durations.parse(down), Durations.parse(freeze),
                    Durations.parse(after), Durations.parse(settle), Durations.parse(requestTimeout),
                    Durations.parse(recoveryWait), soakFor, seed,
                    commandLine(spec.commandLine().getParseResult().originalArgs()));
        } catch (IllegalArgumentException e) {
            System.err.println("[sut] " + e.getMessage());
            return 2;
        }
        try {
            ReliabilitySuite.Result result = ReliabilitySuite.run(settings, line -> System.out.println("[sut] " + line));
            return result.passed() ? 0 : 1;
        } catch (StackException e) {
            System.err.println("[sut] " + e.getMessage());
            return 1;
        }
    }

    /** A part by its name on the command line ({@code bad-input}, {@code faults}, {@code soak}). */
    private static ReliabilitySuite.Part part(String name) {
        try {
            return ReliabilitySuite.Part.valueOf(name.toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown part '" + name + "' in --parts; known: " + Arrays.stream(
                    ReliabilitySuite.Part.values()).map(p -> p.name().toLowerCase(Locale.ROOT).replace('_', '-'))
                    .collect(java.util.stream.Collectors.joining(", ")));
        }
    }

    /**
     * The command as run, for the report: {@code sut reliability} and the options, credentials redacted; the parse
     * result's arguments start with the subcommand's name when it came through {@code sut} (once, not twice).
     */
    static String commandLine(java.util.List<String> originalArgs) {
        java.util.List<String> args = !originalArgs.isEmpty() && originalArgs.get(0).equals("reliability")
                ? originalArgs.subList(1, originalArgs.size()) : originalArgs;
        return ("sut reliability " + String.join(" ", redacted(args.toArray(String[]::new)))).strip();
    }

    private static String[] redacted(String[] args) {
        return Arrays.stream(args).map(io.refsut.loadtest.stack.LocalStack::redact).toArray(String[]::new);
    }
}
