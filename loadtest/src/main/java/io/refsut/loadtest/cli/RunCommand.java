package io.refsut.loadtest.cli;

import io.refsut.loadtest.compare.LabelSet;
import io.refsut.loadtest.report.Fields;
import io.refsut.loadtest.run.RunDriver;
import io.refsut.loadtest.run.RunSettings;
import io.refsut.loadtest.simulation.SimulationParameters.ConnectionMode;
import io.refsut.loadtest.stack.LocalStack;
import io.refsut.loadtest.verify.Reconciler;
import io.refsut.loadtest.workload.Distribution;
import io.refsut.loadtest.workload.Mix;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code sut run}: local stack (or an existing deployment), load phase, run phase, reconciliation, results. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Start the local stack (embedded MongoDB stand-in unless --mongodb-uri, five service processes) or use "
                    + "--target, run the load phase and the constant-rate run phase with Gatling, read every "
                    + "acknowledged write back, write results/<timestamp>-<label>/ and print the summary.",
            "Every option can also be set with the environment variable shown. Exit status: 0 = passed; "
                    + "1 = failed (assertions, reconciliation, injector lag, a service died); 2 = bad options."})
public class RunCommand implements Callable<Integer> {

    @Option(names = "--target", defaultValue = "${SUT_TARGET:-}", paramLabel = "URL",
            description = "Drive an existing deployment at this base URL (e.g. https://sut.example.com) instead of "
                    + "starting the local stack (env SUT_TARGET; default: local stack).")
    String target;

    @Option(names = "--metrics", defaultValue = "${SUT_METRICS:-}", paramLabel = "NAME=URL,...",
            description = "With --target: Prometheus endpoints to scrape, e.g. orchestrator=http://h:9000/q/metrics,"
                    + "accounts=http://h:9002/q/metrics (env SUT_METRICS; default: none).")
    String metrics;

    @Mixin
    StackOptions stack;

    @Option(names = "--skip-load", defaultValue = "${SUT_SKIP_LOAD:-false}", paramLabel = "true|false",
            arity = "0..1", fallbackValue = "true",
            description = "Run phase only, on records a 'sut load' with the same --seed, --records and --payments "
                    + "created; needs --target and --seed (env SUT_SKIP_LOAD; default: ${DEFAULT-VALUE}).")
    boolean skipLoad;

    @Option(names = "--label", defaultValue = "${SUT_LABEL:-}", paramLabel = "TEXT",
            description = "Names the results folder <timestamp>-<label> (env SUT_LABEL; default: 'local', or the "
                    + "target's host).")
    String label;

    @Option(names = "--results-dir", defaultValue = "${SUT_RESULTS_DIR:-}", paramLabel = "DIR",
            description = "Where results folders go (env SUT_RESULTS_DIR; default: <home>/results).")
    String resultsDir;

    @Option(names = "--records", defaultValue = "${SUT_RECORDS:-10000}", paramLabel = "N",
            description = "Accounts the load phase creates (env SUT_RECORDS; default: ${DEFAULT-VALUE}).")
    long records;

    @Option(names = "--payments", defaultValue = "${SUT_PAYMENTS:-auto}", paramLabel = "N|auto",
            description = "Payments the load phase makes for read_payment (env SUT_PAYMENTS; default: auto = "
                    + "records / 10).")
    String payments;

    @Option(names = "--load-concurrency", defaultValue = "${SUT_LOAD_CONCURRENCY:-64}", paramLabel = "N",
            description = "Concurrent users of the load phase (closed model, as fast as the system goes; without "
                    + "the full warm-up before it, as in 'sut load' or with --warmup 0, they start over its first "
                    + "20 s, or until every record is taken) (env SUT_LOAD_CONCURRENCY; default: ${DEFAULT-VALUE}).")
    int loadConcurrency;

    @Option(names = "--initial-balance", defaultValue = "${SUT_INITIAL_BALANCE:-1000000}", paramLabel = "MINOR",
            description = "Initial balance of every account, minor units (env SUT_INITIAL_BALANCE; default: "
                    + "${DEFAULT-VALUE}).")
    long initialBalance;

    @Option(names = "--currency", defaultValue = "${SUT_CURRENCY:-EUR}", paramLabel = "ISO",
            description = "Currency of accounts and payments (env SUT_CURRENCY; default: ${DEFAULT-VALUE}).")
    String currency;

    @Option(names = "--rate", defaultValue = "${SUT_RATE:-50}", paramLabel = "PER_SECOND",
            description = "Run phase arrival rate, operations/s, open model (env SUT_RATE; default: ${DEFAULT-VALUE}).")
    double rate;

    @Option(names = "--duration", defaultValue = "${SUT_DURATION:-60s}", paramLabel = "DURATION",
            description = "Run phase duration at --rate, after the ramp (env SUT_DURATION; default: ${DEFAULT-VALUE}).")
    String duration;

    @Option(names = "--ramp", defaultValue = "${SUT_RAMP:-0s}", paramLabel = "DURATION",
            description = "Linear ramp from 0 to --rate before the measured duration (env SUT_RAMP; default: "
                    + "${DEFAULT-VALUE}).")
    String ramp;

    @Option(names = "--settle", defaultValue = "${SUT_SETTLE:-10s}", paramLabel = "DURATION",
            description = "At --rate after the ramp and before the measured --duration; reported apart, like the "
                    + "ramp (env SUT_SETTLE; default: ${DEFAULT-VALUE}).")
    String settle;

    @Option(names = "--arrivals", defaultValue = "${SUT_ARRIVALS:-constant}", paramLabel = "constant|poisson",
            description = "Arrival process: evenly spaced, or exponential gaps (a Poisson process) at the same mean "
                    + "rate (env SUT_ARRIVALS; default: ${DEFAULT-VALUE}).")
    String arrivals;

    @Option(names = "--max-in-flight", defaultValue = "${SUT_MAX_IN_FLIGHT:-0}", paramLabel = "N",
            description = "Cap on the injector's requests in flight; an arrival beyond it waits (and its response "
                    + "time counts the wait); 0 = no cap, the open model (env SUT_MAX_IN_FLIGHT; default: "
                    + "${DEFAULT-VALUE}).")
    int maxInFlight;

    @Option(names = "--max-rate-shortfall-pct", defaultValue = "${SUT_MAX_RATE_SHORTFALL_PCT:-1}", paramLabel = "PCT",
            description = "The run fails when the arrivals sent in the measured window fall short of the planned "
                    + "ones by more than this percentage (env SUT_MAX_RATE_SHORTFALL_PCT; default: ${DEFAULT-VALUE}).")
    double maxRateShortfallPct;

    @Option(names = "--mix", defaultValue = "${SUT_MIX:-read=50,update=20,insert=20,readPayment=10}",
            paramLabel = "MIX",
            description = "Operation mix: a preset R:W (100:0, 95:5, 50:50, 5:95, 0:100; writes = account updates) "
                    + "or weights read=,update=,insert=,readPayment= (insert = make payment) (env SUT_MIX; default: "
                    + "${DEFAULT-VALUE}).")
    String mix;

    @Option(names = "--distribution", defaultValue = "${SUT_DISTRIBUTION:-zipfian}",
            paramLabel = "uniform|zipfian|latest|hotspot",
            description = "Key choice, YCSB semantics (env SUT_DISTRIBUTION; default: ${DEFAULT-VALUE}).")
    String distribution;

    @Option(names = "--hotspot-data-fraction", defaultValue = "${SUT_HOTSPOT_DATA_FRACTION:-0.2}", paramLabel = "F",
            description = "hotspot: fraction of keys in the hot set (env SUT_HOTSPOT_DATA_FRACTION; default: "
                    + "${DEFAULT-VALUE}).")
    double hotDataFraction;

    @Option(names = "--hotspot-op-fraction", defaultValue = "${SUT_HOTSPOT_OP_FRACTION:-0.8}", paramLabel = "F",
            description = "hotspot: fraction of operations on the hot set (env SUT_HOTSPOT_OP_FRACTION; default: "
                    + "${DEFAULT-VALUE}).")
    double hotOperationFraction;

    @Option(names = "--doc-bytes", defaultValue = "${SUT_DOC_BYTES:-512}", paramLabel = "BYTES",
            description = "Target BSON size of account and payment documents, 0..900 (env SUT_DOC_BYTES; default: "
                    + "${DEFAULT-VALUE}).")
    int docBytes;

    @Option(names = "--max-payment", defaultValue = "${SUT_MAX_PAYMENT:-1000}", paramLabel = "MINOR",
            description = "Run phase payments are uniform in 1..this, minor units (env SUT_MAX_PAYMENT; default: "
                    + "${DEFAULT-VALUE}).")
    long maxPayment;

    @Option(names = "--connections", defaultValue = "${SUT_CONNECTIONS:-shared}", paramLabel = "shared|per-user",
            description = "shared: one connection pool for all virtual users; per-user: a new connection and TLS "
                    + "handshake per arrival (env SUT_CONNECTIONS; default: ${DEFAULT-VALUE}).")
    String connections;

    @Option(names = "--tls-trust", defaultValue = "${SUT_TLS_TRUST:-all}", paramLabel = "all|system",
            description = "all: accept any server certificate (the local self-signed one); system: verify against "
                    + "the JVM's trust store and the host name (env SUT_TLS_TRUST; default: ${DEFAULT-VALUE}).")
    String tlsTrust;

    @Option(names = "--request-timeout", defaultValue = "${SUT_REQUEST_TIMEOUT:-10s}", paramLabel = "DURATION",
            description = "Injector request timeout; a timed-out write counts as indeterminate (env "
                    + "SUT_REQUEST_TIMEOUT; default: ${DEFAULT-VALUE}).")
    String requestTimeout;

    @Option(names = "--max-error-pct", defaultValue = "${SUT_MAX_ERROR_PCT:-1}", paramLabel = "PCT",
            description = "The run fails when more than this percentage of the measured window's requests failed "
                    + "(env SUT_MAX_ERROR_PCT; default: ${DEFAULT-VALUE}).")
    double maxErrorPct;

    @Option(names = "--max-p99-ms", defaultValue = "${SUT_MAX_P99_MS:-0}", paramLabel = "MS",
            description = "The run fails when the p99 response time (from the intended start, successful requests "
                    + "of the measured window) exceeds this many ms; 0 = no limit (env SUT_MAX_P99_MS; default: "
                    + "${DEFAULT-VALUE}).")
    long maxP99Ms;

    @Option(names = "--warmup", defaultValue = "${SUT_WARMUP:-20s}", paramLabel = "DURATION",
            description = "Before the load phase: create, read, update, pay, read payment on separate warm-up "
                    + "accounts, 4 cycles at a time for at least this long and then until the system is warm (the "
                    + "p50 cycle time of two consecutive 5 s windows no longer falls), at most --warmup-max; between "
                    + "two stretches of 10 clean cycles one at a time; sut load, which no run phase follows, runs only "
                    + "the first stretch; 0 = none (env SUT_WARMUP; default: "
                    + "${DEFAULT-VALUE}).")
    String warmup;

    @Option(names = "--warmup-max", defaultValue = "${SUT_WARMUP_MAX:-180s}", paramLabel = "DURATION",
            description = "Bound of the concurrent warm-up, at least --warmup; a warm-up that reaches it is reported "
                    + "as not warm (env SUT_WARMUP_MAX; default: ${DEFAULT-VALUE}).")
    String warmupMax;

    @Option(names = "--verify", defaultValue = "${SUT_VERIFY:-auto}", paramLabel = "full|sample|off|auto",
            description = "Read-back after the run: every acknowledged write, a sample, or none; auto = full for "
                    + "the local stack, sample with --target (env SUT_VERIFY; default: ${DEFAULT-VALUE}).")
    String verify;

    @Option(names = "--verify-recheck-delay", defaultValue = "${SUT_VERIFY_RECHECK_DELAY:-3s}",
            paramLabel = "DURATION",
            description = "The read-back reads again, after this wait, every record an acknowledged or unknown-outcome "
                    + "write should have left but that was not found (env SUT_VERIFY_RECHECK_DELAY; default: "
                    + "${DEFAULT-VALUE}).")
    String recheckDelay;

    @Option(names = "--verify-batch", defaultValue = "${SUT_VERIFY_BATCH:-100}", paramLabel = "N",
            description = "The read-back reads N records per request through the orchestrator's lookups (POST "
                    + "/api/v1/accounts/lookup and /api/v1/payments/lookup, 1..100), and alone any record a lookup "
                    + "did not answer; 0 reads every record with its own GET (env SUT_VERIFY_BATCH; default: "
                    + "${DEFAULT-VALUE}).")
    int verifyBatch;

    @Option(names = "--verify-sample", defaultValue = "${SUT_VERIFY_SAMPLE:-1000}", paramLabel = "N",
            description = "Accounts and payments read back in sample mode (env SUT_VERIFY_SAMPLE; default: "
                    + "${DEFAULT-VALUE}).")
    int verifySample;

    @Option(names = "--seed", defaultValue = "${SUT_SEED:-}", paramLabel = "TEXT",
            description = "Seed of the record ids (name-based UUIDs of refsut:<seed>:account:<i>) (env SUT_SEED; "
                    + "default: the results folder name, so every run writes new records).")
    String seed;

    @Option(names = "--region", defaultValue = "${SUT_REGION:-}", paramLabel = "TEXT",
            description = "Region label recorded in run.json (env SUT_REGION; default: none).")
    String region;

    @Option(names = "--zone", defaultValue = "${SUT_ZONE:-}", paramLabel = "TEXT",
            description = "Zone label recorded in run.json (env SUT_ZONE; default: none).")
    String zone;

    @Option(names = "--label-set", defaultValue = "${SUT_LABEL_SET:-}", split = ",", paramLabel = "KEY=VALUE",
            description = "A label of the configuration, recorded in run.json under 'labels' and grouped on by "
                    + "'sut compare --by' (repeatable: --label-set cloud=aks --label-set tier=M30; 'price' = price "
                    + "per hour, for the cost figures) (env SUT_LABEL_SET, comma-separated; default: none).")
    List<String> labelSet;

    @Option(names = "--executions", defaultValue = "${SUT_EXECUTIONS:-1}", paramLabel = "N",
            description = "Run N executions of this configuration back to back on the same records (the first loads, "
                    + "the others reuse its records), each in its own folder under one parent, then compare them "
                    + "(env SUT_EXECUTIONS; default: ${DEFAULT-VALUE}).")
    int executions;

    @Option(names = "--execution-pause", defaultValue = "${SUT_EXECUTION_PAUSE:-30s}", paramLabel = "DURATION",
            description = "With --executions: the pause between two executions (env SUT_EXECUTION_PAUSE; default: "
                    + "${DEFAULT-VALUE}).")
    String executionPause;

    @Option(names = "--execution-number", defaultValue = "${SUT_EXECUTION:-0}", paramLabel = "N",
            description = "This run's execution number, recorded in run.json (a Kubernetes Job repeated N times); "
                    + "0 = none (env SUT_EXECUTION; default: ${DEFAULT-VALUE}; --executions numbers its own).")
    int executionNumber;

    @Option(names = "--injector-index", defaultValue = "${SUT_INJECTOR:-}", paramLabel = "I",
            description = "This injector's index among --injectors parallel ones, recorded in run.json; "
                    + "'sut compare' merges the injectors of one execution (env SUT_INJECTOR; default: none).")
    String injectorIndex;

    @Option(names = "--injectors", defaultValue = "${SUT_INJECTORS:-1}", paramLabel = "N",
            description = "How many injectors run this execution in parallel, recorded in run.json with "
                    + "--injector-index (env SUT_INJECTORS; default: ${DEFAULT-VALUE}).")
    int injectors;

    @Override
    public Integer call() {
        RunSettings settings;
        Map<String, String> labels;
        Duration pause;
        try {
            settings = settings();
            labels = LabelSet.parse(labelSet);
            pause = Durations.parse(executionPause);
            if (executions < 1) {
                throw new IllegalArgumentException("--executions must be at least 1: " + executions);
            }
            if (executions > 1 && phases() == RunSettings.Phases.LOAD_ONLY) {
                throw new IllegalArgumentException("--executions is for 'sut run' ('sut load' creates the records "
                        + "once)");
            }
            if (executions > 1 && executionNumber > 0) {
                throw new IllegalArgumentException("--executions numbers its executions itself; leave out "
                        + "--execution-number");
            }
            if (executionNumber < 0 || injectors < 1) {
                throw new IllegalArgumentException("--execution-number must be ≥ 0 and --injectors ≥ 1");
            }
            injector();
        } catch (IllegalArgumentException e) {
            System.err.println("[sut] " + e.getMessage());
            return 2;
        }
        java.util.function.Consumer<String> console = line -> System.out.println("[sut] " + line);
        if (executions > 1) {
            return new ExecutionSeries(settings, executions, pause, labels, injector(), console).run();
        }
        RunDriver driver = new RunDriver(settings, console).runInfo(LabelSet.RUN_JSON_KEY, labels);
        if (executionNumber > 0) {
            driver.runInfo(ExecutionSeries.EXECUTION, ExecutionSeries.execution(executionNumber, 0, null));
        }
        if (injector() != null) {
            driver.runInfo(ExecutionSeries.INJECTOR, injector());
        }
        return driver.run();
    }

    /** run.json's {@code injector} object ({@code index}, {@code of}), or null without --injector-index. */
    Map<String, Object> injector() {
        if (injectorIndex == null || injectorIndex.isBlank()) {
            return null;
        }
        int index;
        try {
            index = Integer.parseInt(injectorIndex.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--injector-index must be a number: " + injectorIndex);
        }
        if (index < 0 || index >= injectors) {
            throw new IllegalArgumentException("--injector-index must be in 0.." + (injectors - 1) + " (--injectors "
                    + injectors + "): " + index);
        }
        Map<String, Object> injector = new LinkedHashMap<>();
        injector.put("index", index);
        injector.put("of", injectors);
        return injector;
    }

    /** The phases this command runs. */
    protected RunSettings.Phases phases() {
        return skipLoad ? RunSettings.Phases.RUN_ONLY : RunSettings.Phases.LOAD_AND_RUN;
    }

    RunSettings settings() {
        boolean local = target == null || target.isBlank();
        if (phases() == RunSettings.Phases.RUN_ONLY && (local || seed == null || seed.isBlank())) {
            throw new IllegalArgumentException("--skip-load needs --target and the --seed of the 'sut load' that "
                    + "created the records");
        }
        long loadPayments = "auto".equals(payments.trim()) ? Math.max(1, records / 10) : Long.parseLong(payments.trim());
        String verifyMode = switch (verify.trim()) {
            case "auto" -> local ? "full" : "sample";
            case "full", "sample", "off" -> verify.trim();
            default -> throw new IllegalArgumentException("--verify must be full, sample, off or auto: " + verify);
        };
        boolean trustAll = switch (tlsTrust.trim()) {
            case "all" -> true;
            case "system" -> false;
            default -> throw new IllegalArgumentException("--tls-trust must be all or system: " + tlsTrust);
        };
        if (!local && (!stack.effectiveMongodbUri().isBlank())) {
            throw new IllegalArgumentException("--mongodb-uri configures the local stack; with --target the "
                    + "deployment has its own MongoDB");
        }
        Path results = LocalStack.resultsDir(stack.home, resultsDir);
        String runLabel = label == null || label.isBlank() ? (local ? "local" : URI.create(target).getHost()) : label;
        Duration runDuration = Durations.parse(duration);
        Duration rampDuration = Durations.parse(ramp);
        if (!local && !parseMetrics(metrics).isEmpty() && parseMetrics(metrics).values().stream()
                .anyMatch(uri -> uri.getScheme() == null)) {
            throw new IllegalArgumentException("--metrics URLs must be absolute: " + metrics);
        }
        return new RunSettings(phases(), local ? null : URI.create(target), parseMetrics(metrics), stack::settings, results,
                runLabel, records, loadPayments, loadConcurrency, initialBalance, currency, rate, runDuration,
                rampDuration, measurement(), Mix.parse(mix), Distribution.parse(distribution), hotDataFraction, hotOperationFraction,
                docBytes, maxPayment, ConnectionMode.parse(connections), trustAll, Durations.parse(requestTimeout),
                maxErrorPct, maxP99Ms, Durations.parse(warmup), verifyMode, verifySample, seed == null ? "" : seed.trim(), region, zone,
                options());
    }

    private RunSettings.Measurement measurement() {
        if (maxInFlight < 0) {
            throw new IllegalArgumentException("--max-in-flight must be >= 0: " + maxInFlight);
        }
        if (verifyBatch < 0 || verifyBatch > Reconciler.DEFAULT_BATCH_SIZE) {
            throw new IllegalArgumentException("--verify-batch must be 0 (one GET per record) to "
                    + Reconciler.DEFAULT_BATCH_SIZE + ": " + verifyBatch);
        }
        if (maxRateShortfallPct < 0 || maxErrorPct < 0) {
            throw new IllegalArgumentException("--max-rate-shortfall-pct and --max-error-pct must be >= 0");
        }
        if (Durations.parse(warmupMax).compareTo(Durations.parse(warmup)) < 0) {
            throw new IllegalArgumentException("--warmup-max (" + warmupMax + ") must be at least --warmup (" + warmup
                    + "): the warm-up runs at least --warmup and at most --warmup-max");
        }
        return new RunSettings.Measurement(Durations.parse(settle),
                io.refsut.loadtest.simulation.ArrivalSchedule.Process.parse(arrivals), maxInFlight,
                maxRateShortfallPct, Durations.parse(warmupMax), Durations.parse(recheckDelay), verifyBatch);
    }

    /** Every option's effective value, for run.json. */
    private Map<String, Object> options() {
        return Fields.ordered("phases", phases().name(), "target", target, "metrics", metrics,
                "home", stack.home.toString(),
                "mongodbUri", io.refsut.loadtest.stack.LocalStack.redact(stack.effectiveMongodbUri()),
                "ports", stack.ports, "serviceJvmOptions", stack.serviceJvmOptions,
                "dataServiceJvmOptions", stack.dataServiceJvmOptions, "startTimeout", stack.startTimeout,
                "label", label, "resultsDir", resultsDir, "records", records, "payments", payments,
                "loadConcurrency", loadConcurrency, "initialBalance", initialBalance, "currency", currency,
                "rate", rate, "duration", duration, "ramp", ramp, "settle", settle, "arrivals", arrivals,
                "maxInFlight", maxInFlight, "maxRateShortfallPct", maxRateShortfallPct, "mix", mix,
                "distribution", distribution, "hotspotDataFraction", hotDataFraction,
                "hotspotOpFraction", hotOperationFraction, "docBytes", docBytes, "maxPayment", maxPayment,
                "connections", connections, "tlsTrust", tlsTrust, "requestTimeout", requestTimeout,
                "maxErrorPct", maxErrorPct, "maxP99Ms", maxP99Ms, "warmup", warmup, "warmupMax", warmupMax,
                "verify", verify, "verifySample", verifySample, "verifyBatch", verifyBatch,
                "verifyRecheckDelay", recheckDelay, "seed", seed, "region", region, "zone", zone, "labelSet", labelSet,
                "executions", executions, "executionPause", executionPause, "executionNumber", executionNumber,
                "injectorIndex", injectorIndex, "injectors", injectors);
    }

    private static Map<String, URI> parseMetrics(String text) {
        Map<String, URI> endpoints = new LinkedHashMap<>();
        if (text == null || text.isBlank()) {
            return endpoints;
        }
        for (String item : text.split(",")) {
            String[] pair = item.split("=", 2);
            if (pair.length != 2 || pair[0].isBlank()) {
                throw new IllegalArgumentException("--metrics items must be name=url, got '" + item + "'");
            }
            endpoints.put(pair[0].trim(), URI.create(pair[1].trim()));
        }
        return endpoints;
    }
}
