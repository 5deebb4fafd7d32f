package io.refsut.loadtest.bench;

import io.refsut.loadtest.cli.Durations;
import io.refsut.loadtest.stack.LocalStack;
import io.refsut.loadtest.workload.Mix;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code sut bench}: the SUT's own cost next to the database floor, and its capacity (docs/performance.md). */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Measure the SUT's own cost on this machine (loopback only): the same MongoDB operations "
                + "through the driver alone (floor), through each data service (one hop) and as full business "
                + "transactions through the orchestrator over HTTPS, side by side, at one constant arrival rate; "
                + "latency percentiles in µs, CPU time per operation of every process, overhead ratios, and their "
                + "variation over --executions. With --capacity, also the highest rate that holds the SLO per mix, "
                + "for the SUT and for the store alone. Writes bench.json and bench.md (docs/performance.md)."})
public final class BenchCommand implements Callable<Integer> {

    /** The capacity mixes by name. */
    static final Map<String, String> MIXES = Map.of(
            "default", "read=50,update=20,insert=20,readPayment=10",
            "read-only", "100:0",
            "write-heavy", "5:95");

    @Option(names = "--home", defaultValue = "${SUT_HOME:-.}", paramLabel = "DIR",
            description = "Repository root holding the packaged services (env SUT_HOME; default: ${DEFAULT-VALUE}).")
    Path home;

    @Option(names = "--results-dir", defaultValue = "${SUT_RESULTS_DIR:-}", paramLabel = "DIR",
            description = "Where the bench-<timestamp> folder is written (env SUT_RESULTS_DIR; default: "
                    + "<home>/results, as for sut run).")
    String resultsDir;

    @Option(names = "--mongodb-uri", defaultValue = "${SUT_MONGODB_URI:-}", paramLabel = "URI",
            description = "MongoDB to measure; empty = the embedded stand-in, started as its own process so its CPU "
                    + "is accounted apart (env SUT_MONGODB_URI or MONGODB_URI, as for sut run; default: embedded).")
    String mongodbUri;

    @Option(names = "--rate", defaultValue = "50", paramLabel = "PER_SECOND",
            description = "Constant arrival rate of every series (default: ${DEFAULT-VALUE}).")
    double rate;

    @Option(names = "--duration", defaultValue = "20s", paramLabel = "DURATION",
            description = "Measured time of each series in each execution (default: ${DEFAULT-VALUE}).")
    String duration;

    /**
     * Warm-up of each series: the five services compile with tiered C2, whose compilers take minutes of calls to settle
     * (docs/performance.md).
     */
    static final String WARMUP = "90s";
    /**
     * Lowest warm-up rate by default: at 100/s for {@link #WARMUP}, the benches of 2026-12-06 on two cores had no
     * warm-up errors, and their CPU per operation varied less across executions than after 120 s at 50/s
     * (docs/performance.md).
     */
    static final double WARMUP_RATE = 100;

    @Option(names = "--warmup", defaultValue = WARMUP, paramLabel = "DURATION",
            description = "Warm-up of each series once before the executions, at --warmup-rate, unmeasured "
                    + "(default: ${DEFAULT-VALUE}).")
    String warmup;

    @Option(names = "--warmup-rate", defaultValue = "0", paramLabel = "PER_SECOND",
            description = "Arrival rate of the warm-up; 0 = 100/s, or --rate when that is higher. A JIT compiles the "
                    + "hot path after thousands of calls; a rate the machine cannot hold only trips the breakers "
                    + "(default: ${DEFAULT-VALUE}).")
    double warmupRate;

    @Option(names = "--series-warmup", defaultValue = "3s", paramLabel = "DURATION",
            description = "Unmeasured run at --rate just before each measured series (default: ${DEFAULT-VALUE}).")
    String seriesWarmup;

    @Option(names = "--executions", defaultValue = "3", paramLabel = "N",
            description = "Times the whole measurement (three series) is repeated, for the coefficient of variation; "
                    + "0 with --capacity = capacity only, the one-hop series not warmed up "
                    + "(default: ${DEFAULT-VALUE}).")
    int executions;

    @Option(names = "--mix", defaultValue = "read=50,update=20,insert=20,readPayment=10", paramLabel = "MIX",
            description = "Business operations of the full series, as for sut run; the floor and one-hop series draw "
                    + "uniformly from the MongoDB operations these use (default: ${DEFAULT-VALUE}).")
    String mix;

    @Option(names = "--records", defaultValue = "1000", paramLabel = "N",
            description = "Accounts created before measuring (a third per series receives its replaces) "
                    + "(default: ${DEFAULT-VALUE}).")
    int records;

    @Option(names = "--payments", defaultValue = "200", paramLabel = "N",
            description = "Payments created before measuring, for the finds (default: ${DEFAULT-VALUE}).")
    int payments;

    @Option(names = "--doc-bytes", defaultValue = "512", paramLabel = "BYTES",
            description = "Target BSON size of account and payment documents, as for sut run (default: ${DEFAULT-VALUE}).")
    int docBytes;

    @Option(names = "--max-in-flight", defaultValue = "512", paramLabel = "N",
            description = "Most operations the injector keeps in flight; an arrival beyond is an error "
                    + "(default: ${DEFAULT-VALUE}).")
    int maxInFlight;

    @Option(names = "--injector-connections", defaultValue = "64", paramLabel = "N",
            description = "Connections the injector opens to each service before the warm-ups and keeps; an "
                    + "operation that finds them all busy waits for one, the wait counted in its latency, instead of "
                    + "opening another (a TLS handshake on the orchestrator's event loop) (default: ${DEFAULT-VALUE}).")
    int injectorConnections;

    @Option(names = "--service-jvm-options", defaultValue = "${SUT_SERVICE_JVM_OPTIONS:-" + LocalStack.SERVICE_JVM_OPTIONS + "}",
            paramLabel = "OPTS",
            description = "JVM options of each of the five service processes, e.g. -XX:StartFlightRecording=... to "
                    + "profile (env SUT_SERVICE_JVM_OPTIONS; default: ${DEFAULT-VALUE}).")
    String serviceJvmOptions;

    @Option(names = "--data-service-jvm-options", defaultValue = "${SUT_DATA_SERVICE_JVM_OPTIONS:-}",
            paramLabel = "OPTS",
            description = "JVM options the four data services add after --service-jvm-options (env "
                    + "SUT_DATA_SERVICE_JVM_OPTIONS; default: none, so that all five services compile with tiered C2 "
                    + "as the container images run them; sut run's " + LocalStack.DATA_SERVICE_JVM_OPTIONS
                    + " shortens a run's warm-up, not the steady state measured here).")
    String dataServiceJvmOptions;

    @Option(names = "--compile-threshold-scaling", defaultValue = "0.2", paramLabel = "FACTOR",
            description = "The five services' JIT compile thresholds, as a factor of HotSpot's own (the first of their "
                    + "JVM options, -XX:CompileThresholdScaling; one in --service-jvm-options wins): at 0.2 the "
                    + "warm-up brings to the optimising compiler the hot paths that at HotSpot's thresholds reach it "
                    + "only after minutes at the measured rate, so the windows measure the compiled steady state; "
                    + "1 = HotSpot's thresholds, 0.01-10 (default: ${DEFAULT-VALUE}).")
    double compileThresholdScaling;

    @Option(names = "--store-jvm-options", defaultValue = "-Xms64m -Xmx1g", paramLabel = "OPTS",
            description = "JVM options of the embedded store's process (default: ${DEFAULT-VALUE}).")
    String storeJvmOptions;

    @Option(names = "--start-timeout", defaultValue = "${SUT_START_TIMEOUT:-180s}", paramLabel = "DURATION",
            description = "How long to wait for every service to be ready (env SUT_START_TIMEOUT; default: "
                    + "${DEFAULT-VALUE}).")
    String startTimeout;

    @Option(names = "--capacity", description = "Also search the capacity: per mix, step the rate up until the SLO "
            + "breaks, for the SUT and for the store alone.")
    boolean capacity;

    @Option(names = "--capacity-mixes", defaultValue = "default,read-only,write-heavy", split = ",", paramLabel = "NAMES",
            description = "Mixes of the capacity search: default (read=50,update=20,insert=20,readPayment=10), "
                    + "read-only (100:0), write-heavy (5:95) (default: ${DEFAULT-VALUE}).")
    List<String> capacityMixes;

    @Option(names = "--capacity-start", defaultValue = "100", paramLabel = "PER_SECOND",
            description = "First rate of the capacity search (default: ${DEFAULT-VALUE}).")
    double capacityStart;

    @Option(names = "--capacity-factor", defaultValue = "1.5", paramLabel = "FACTOR",
            description = "Each step's rate is the previous one times this (default: ${DEFAULT-VALUE}).")
    double capacityFactor;

    @Option(names = "--capacity-max", defaultValue = "4000", paramLabel = "PER_SECOND",
            description = "Highest rate tried (default: ${DEFAULT-VALUE}).")
    double capacityMax;

    @Option(names = "--capacity-refine", defaultValue = "2", paramLabel = "N",
            description = "Steps between the last rate held and the first that failed, each at their geometric mean, "
                    + "to narrow the capacity (0 = none) (default: ${DEFAULT-VALUE}).")
    int capacityRefine;

    @Option(names = "--step-pause", defaultValue = "10s", paramLabel = "DURATION",
            description = "Idle pause after a failed step, before a refinement step, so that circuit breakers close "
                    + "and queues drain (default: ${DEFAULT-VALUE}).")
    String stepPause;

    @Option(names = "--step-duration", defaultValue = "15s", paramLabel = "DURATION",
            description = "Measured time of each capacity step (default: ${DEFAULT-VALUE}).")
    String stepDuration;

    @Option(names = "--step-warmup", defaultValue = "5s", paramLabel = "DURATION",
            description = "Unmeasured run at the step's rate before each capacity step (default: ${DEFAULT-VALUE}).")
    String stepWarmup;

    @Option(names = "--slo-p99", defaultValue = "50", paramLabel = "MS",
            description = "p99 a capacity step must stay under, in ms (default: ${DEFAULT-VALUE}).")
    double sloP99Ms;

    @Option(names = "--max-steal-pct", defaultValue = "5", paramLabel = "PERCENT",
            description = "A measured series window in which the hypervisor took at least this share of the CPU time "
                    + "the machine's processes wanted (steal, /proc/stat) is measured again, up to --steal-retries "
                    + "times; the window with the least steal is kept and the others are listed in the report. A "
                    + "capacity step that failed with that much steal runs again after --step-pause, the last run "
                    + "deciding. 0 = never (default: ${DEFAULT-VALUE}).")
    double maxStealPct;

    @Option(names = "--steal-retries", defaultValue = "2", paramLabel = "N",
            description = "Most times one series window or capacity step is measured again for --max-steal-pct, 0-5 "
                    + "(default: ${DEFAULT-VALUE}).")
    int stealRetries;

    @Override
    public Integer call() {
        BenchSettings settings;
        try {
            settings = settings();
        } catch (IllegalArgumentException e) {
            System.err.println("[sut] " + e.getMessage());
            return 2;
        }
        return new BenchRunner(settings, line -> System.out.println("[sut] " + line)).run();
    }

    /** The parsed options as settings; an {@link IllegalArgumentException} names the first bad one. */
    BenchSettings settings() {
        return settings(System::getenv);
    }

    /** {@link #settings()} with the environment read through {@code env} (for {@code MONGODB_URI}). */
    BenchSettings settings(UnaryOperator<String> env) {
        Map<String, Mix> mixes = new LinkedHashMap<>();
        for (String name : capacityMixes) {
            String spec = MIXES.get(name.trim());
            if (spec == null) {
                throw new IllegalArgumentException("unknown capacity mix '" + name + "' (default, read-only, write-heavy)");
            }
            mixes.put(name.trim(), Mix.parse(spec));
        }
        BenchSettings settings = new BenchSettings(home, LocalStack.resultsDir(home, resultsDir),
                LocalStack.mongodbUri(mongodbUri, env),
                LocalStack.splitOptions(serviceJvmOptions), LocalStack.splitOptions(dataServiceJvmOptions),
                LocalStack.splitOptions(storeJvmOptions), Durations.parse(startTimeout), rate,
                Durations.parse(duration), Durations.parse(warmup), Durations.parse(seriesWarmup),
                warmupRate != 0 ? warmupRate : Math.max(rate, WARMUP_RATE),
                executions, Mix.parse(mix), mix, records, payments, docBytes, maxInFlight, injectorConnections,
                capacity, mixes, capacityStart, capacityFactor, capacityMax, capacityRefine, Durations.parse(stepPause),
                Durations.parse(stepDuration), Durations.parse(stepWarmup), sloP99Ms, maxStealPct, stealRetries,
                compileThresholdScaling);
        new io.refsut.loadtest.workload.Documents(docBytes);
        return settings;
    }

}
