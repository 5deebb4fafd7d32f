package io.refsut.loadtest.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.refsut.loadtest.report.MachineFigures;
import io.refsut.loadtest.report.Reconciliation;
import io.refsut.loadtest.report.ResultsWriter;
import io.refsut.loadtest.report.RunContext;
import io.refsut.loadtest.report.ServerMetrics;
import io.refsut.loadtest.report.Summary;
import io.refsut.loadtest.simulation.LoadSimulation;
import io.refsut.loadtest.simulation.RunSimulation;
import io.refsut.loadtest.simulation.SimulationParameters;
import io.refsut.loadtest.stack.LocalStack;
import io.refsut.loadtest.stack.MemorySampler;
import io.refsut.loadtest.stack.ServiceProcess;
import io.refsut.loadtest.stack.StackException;
import io.refsut.loadtest.verify.AuditCheck;
import io.refsut.loadtest.verify.Reconciler;
import io.refsut.loadtest.verify.ReconciliationResult;
import io.refsut.loadtest.workload.Documents;
import io.refsut.loadtest.workload.Operation;
import io.refsut.loadtest.workload.RecordIds;
import java.io.IOException;
import java.net.URI;
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
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Carries out one {@code sut run}: local stack or target, load phase, metrics before, run phase, metrics after,
 * reconciliation, summary (engineer B's {@link ResultsWriter}), run.json; stops what it started whatever happens.
 */
public final class RunDriver {

    /** Exit status of a run that completed and passed. */
    public static final int PASSED = 0;
    /** Exit status of a run that failed (or could not be carried out). */
    public static final int FAILED = 1;
    /** Exit status for options that make no sense. */
    public static final int BAD_OPTIONS = 2;

    /** The run phase's request log, in the results folder. */
    public static final String REQUEST_LOG = "requests-run.csv";

    private static final DateTimeFormatter FOLDER_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private final RunSettings settings;
    private final Consumer<String> console;
    private final Map<String, Object> runInfo = new LinkedHashMap<>();
    private Map<String, Object> machineSpeed = Map.of();
    private final List<String> failures = new ArrayList<>();
    private final Map<String, Object> extraRunInfo = new LinkedHashMap<>();
    private LocalStack sharedStack;
    private final Map<String, Object> warmupInfo = new LinkedHashMap<>();
    /** The machine's CPU per phase (run.json machineCpu), and where the current phase's interval started. */
    private final Map<String, Object> machineCpu = new LinkedHashMap<>();
    private MachineCpu phaseCpu;
    private long phaseNanos;
    /**
     * How long the run waits for the target to answer at all, and the bound of each one-at-a-time stretch of warm-up
     * cycles (the cold start, and the end of the warm-up).
     */
    private static final Duration WARMUP_SETTLE_LIMIT = Duration.ofSeconds(120);
    /**
     * Unless a warm-up before it ended warm, the load phase starts its users evenly over this long, or until every
     * record is taken (docs/performance.md, "A cold load starts its users over 20 s").
     */
    static final Duration COLD_LOAD_RAMP = Duration.ofSeconds(20);

    public RunDriver(RunSettings settings, Consumer<String> console) {
        this.settings = settings;
        this.console = console;
    }

    /** Records {@code value} under {@code key} in run.json (labels, execution number, injector index). */
    public RunDriver runInfo(String key, Object value) {
        extraRunInfo.put(key, value);
        return this;
    }

    /**
     * Uses {@code stack} (already started, left running) instead of starting and stopping a local stack: the
     * executions of {@code sut run --executions N} share one stack and its records.
     */
    public RunDriver sharedStack(LocalStack stack) {
        this.sharedStack = stack;
        return this;
    }

    /** Runs everything and returns the exit status. */
    public int run() {
        String runId = LocalDateTime.now().format(FOLDER_TIME) + "-" + settings.label().replaceAll("[^A-Za-z0-9._-]", "_");
        Path out = settings.resultsDir().resolve(runId);
        String seed = settings.seed().isBlank() ? runId : settings.seed();
        String runTag = RecordIds.newRunTag(runId);
        SimulationParameters parameters;
        try {
            new Documents(settings.docBytes());
            parameters = parameters("https://127.0.0.1", seed, runTag, out.resolve("writes-load.csv"));
            Files.createDirectories(out);
        } catch (IllegalArgumentException | IOException e) {
            console.accept(e.getMessage());
            return BAD_OPTIONS;
        }
        console.accept("results folder: " + out);
        machineSpeed = MachineSpeed.measureAndReport(console);
        runInfo.put("runId", runId);
        runInfo.put("startedAt", Instant.now().toString());
        runInfo.put("seed", seed);
        runInfo.put("runTag", runTag);
        runInfo.put("recordIds", "name-based (v3) UUID of 'refsut:" + seed + ":account:<index>' / "
                + "'refsut:" + seed + ":payment:<index>'; this invocation's run-phase payments and warm-up records: "
                + "'refsut:" + seed + ":" + runTag + ":{payment,warmup-account,warmup-payment}:<index>'");
        runInfo.put("options", settings.options());
        runInfo.putAll(extraRunInfo);

        LocalStack stack = null;
        LocalStack[] started = new LocalStack[1];
        MemorySampler memory = new MemorySampler(() -> runProcesses(started[0]));
        try {
            URI target;
            Map<String, URI> metrics;
            if (settings.local()) {
                stack = sharedStack != null ? sharedStack
                        : LocalStack.start(settings.stackSettings().apply(out.resolve("logs")), console);
                started[0] = stack;
                target = URI.create(stack.targetUrl());
                metrics = stack.metricsEndpoints();
                describeLocal(stack);
            } else {
                target = settings.target();
                metrics = settings.metrics();
                runInfo.put("mode", "target");
                runInfo.put("database", "the deployment's own MongoDB (see mongodbSettings)");
            }
            parameters = parameters(target.toString(), seed, runTag, out.resolve("writes-load.csv"));
            return execute(parameters, target, metrics, stack, out);
        } catch (StackException e) {
            console.accept("cannot start the local stack: " + e.getMessage());
            failures.add("local stack did not start");
            return FAILED;
        } catch (IOException | RuntimeException e) {
            // the run's own verdicts (the target did not answer, the warm-up did not settle, a port is taken) are
            // sentences that need no class name
            boolean sentence = e.getMessage() != null
                    && (e instanceof IllegalStateException || e.getClass().getName().startsWith("io.refsut."));
            console.accept("run failed: " + (sentence ? e.getMessage() : e.toString()));
            failures.add("run failed: " + e.getMessage());
            return FAILED;
        } finally {
            if (stack != null && stack != sharedStack) {
                console.accept("stopping the local stack");
                stack.close();
            }
            memory.close();
            runInfo.put("residentMemory", memory.describe());
            console.accept(String.format(Locale.ROOT, "peak resident memory of the run: %d MiB (this JVM%s)",
                    Math.round(memory.peakTotalBytes() / 1048576.0), stack == null ? ""
                            : (stack.isEmbeddedMongo() ? " with the embedded store" : "") + " and the five services"));
            runInfo.put("finishedAt", Instant.now().toString());
            runInfo.put("failures", failures);
            runInfo.put("passed", failures.isEmpty());
            writeRunInfo(out);
        }
    }

    /** The processes whose memory the run samples: this JVM (injector, embedded store) and the services. */
    private static Map<String, Long> runProcesses(LocalStack stack) {
        Map<String, Long> pids = new LinkedHashMap<>();
        pids.put("cli", ProcessHandle.current().pid());
        if (stack != null) {
            for (ServiceProcess service : stack.services()) {
                pids.put(service.name(), service.pid());
            }
        }
        return pids;
    }

    private int execute(SimulationParameters parameters, URI target, Map<String, URI> metrics, LocalStack stack,
            Path out) throws IOException {
        HttpClient client = HttpClients.create(settings.trustAll());
        Map<String, String> gatling = gatlingProperties();
        Path gatlingResults = out.resolve("gatling");
        describeTarget(target, metrics, client);
        console.accept(TargetProbe.await(client, target, settings.trustAll(), WARMUP_SETTLE_LIMIT,
                settings.requestTimeout(), console));

        Warmup.Result warm = null;
        if (!settings.warmup().isZero()) {
            phaseBegins();
            Warmup warmup = new Warmup(client, target, new RecordIds(parameters.seed()), parameters.runTag(),
                    settings.currency());
            if (settings.phases() == RunSettings.Phases.LOAD_ONLY) {
                // nothing is measured after the load: get past the cold start (its timeouts would fail load writes)
                console.accept("cold start: warm-up cycles (every operation on separate warm-up accounts) one at a "
                        + "time until 10 in a row succeed; no concurrent warm-up, as no run phase follows");
                runInfo.put("coldStart", warmup.coldStart(WARMUP_SETTLE_LIMIT, console));
            } else {
                console.accept("warm-up: every operation on separate warm-up accounts, 4 concurrent cycles, at least "
                        + settings.warmup().toSeconds() + " s, until the p50 cycle time stops falling, at most "
                        + settings.measurement().warmupMax().toSeconds() + " s");
                warm = warmup.run(settings.warmup(), settings.measurement().warmupMax(), WARMUP_SETTLE_LIMIT,
                        console);
                runInfo.put("warmupCycles", warm.cycles());
                warmupInfo.putAll(warm.toMap());
            }
            phaseEnds("warmup");
        }
        SimulationParameters loadParameters = parameters.withLoadRampMillis(loadRamp(warm).toMillis());
        ServerMetrics auditBefore = ServerMetrics.scrape(audit(metrics));
        Map<String, Object> loadInfo = new LinkedHashMap<>();
        if (settings.phases() != RunSettings.Phases.RUN_ONLY) {
            phaseBegins();
            Integer failed = loadPhase(loadParameters, warm, gatling, gatlingResults, out, stack, loadInfo);
            if (failed != null) {
                return failed;
            }
            phaseEnds("load");
        } else {
            console.accept("load phase skipped: using the records of seed '" + loadParameters.seed() + "'");
        }
        if (settings.phases() == RunSettings.Phases.LOAD_ONLY) {
            return verifyLoad(loadParameters, target, client, out);
        }

        SimulationParameters runParameters = loadParameters.withAckLog(out.resolve("writes-run.csv"));
        console.accept(String.format(Locale.ROOT, "run phase: %.1f/s (%s arrivals)%s, %d s settle, %d s measured, "
                + "mix %s, %s keys, %s connections", settings.rate(), settings.measurement().arrivals().label(),
                settings.ramp().isZero() ? "" : " after a " + settings.ramp().toSeconds() + " s ramp",
                settings.measurement().settle().toSeconds(), settings.duration().toSeconds(),
                settings.mix().describe(), settings.distribution().label(), settings.connectionMode().label()));
        WindowScrapes scrapes = WindowScrapes.start(metrics, settings.ramp().plus(settings.measurement().settle()),
                settings.duration());
        GatlingRunner.Result run;
        phaseBegins();
        try {
            run = GatlingRunner.run(RunSimulation.class, gatlingResults, "run " + out.getFileName(),
                    merge(gatling, runParameters.toProperties()));
        } finally {
            scrapes.finish();
        }
        phaseEnds("run");
        ServerMetrics auditAfter = ServerMetrics.scrape(audit(metrics));
        runInfo.put("runPhase", Map.of("gatlingRunFolder", out.relativize(run.runDirectory()).toString(),
                "gatlingStatus", run.statusCode(), "requestLog", REQUEST_LOG));
        reportDeadService(stack);
        if (run.statusCode() != 0) {
            failures.add("Gatling exited with status " + run.statusCode());
        }

        boolean wholeHistory = settings.phases() == RunSettings.Phases.LOAD_AND_RUN;
        List<Path> ackLogs = wholeHistory
                ? List.of(out.resolve("writes-load.csv"), out.resolve("writes-run.csv"))
                : List.of(out.resolve("writes-run.csv"));
        phaseBegins();
        ReconciliationResult reconciliation = reconcile(loadParameters, target, client, out, ackLogs, wholeHistory);
        AuditCheck audit = "off".equals(settings.verifyMode()) ? new AuditCheck(0, 0, "not checked: --verify off")
                : AuditCheck.of(auditBefore, auditAfter, ackLogs);
        phaseEnds("readBack");
        console.accept("audit trail: " + audit.note());
        if (!reconciliation.clean()) {
            failures.add("reconciliation is not clean: " + reconciliation.describe());
        }
        if (audit.missing() > 0) {
            failures.add("audit trail: " + audit.missing() + " acknowledged writes without an audit event ("
                    + audit.note() + ")");
        }

        Map<String, Object> contextParameters = new LinkedHashMap<>(runParameters.toProperties());
        contextParameters.remove(SimulationParameters.PREFIX + "ackLog");
        contextParameters.remove(SimulationParameters.PREFIX + "requestLog");
        contextParameters.put("loadCount", loadInfo.get("writes"));
        contextParameters.put("loadDurationSeconds", loadInfo.get("durationSeconds"));
        contextParameters.put("loadWritingSeconds", loadInfo.get("writingSeconds"));
        contextParameters.put("loadRatePerSecond", loadInfo.get("ratePerSecond"));
        contextParameters.put("database", runInfo.get("database"));
        if (machineSpeed.containsKey("loopbackRoundTripUs")) {
            contextParameters.put(RunContext.MACHINE_LOOPBACK, machineSpeed.get("loopbackRoundTripUs"));
            contextParameters.put(RunContext.MACHINE_CPU_LOOP, machineSpeed.get("cpuLoopNs"));
            if (machineSpeed.containsKey("systemCallNs")) {
                contextParameters.put(RunContext.MACHINE_SYSTEM_CALL, machineSpeed.get("systemCallNs"));
            }
        }
        if (machineCpu.get("run") instanceof Map<?, ?> runCpu) {
            contextParameters.put(RunContext.MACHINE_RUN_BUSY_CORES, runCpu.get("busyCores"));
            contextParameters.put(RunContext.MACHINE_RUN_STEAL_PCT, runCpu.get("stealPct"));
        }
        RunContext context = new RunContext(settings.label(), settings.rate(), settings.duration(), settings.ramp(),
                settings.measurement().settle(), settings.measurement().arrivals().label(), contextParameters,
                settings.mix().operations().stream().map(Operation::requestName).toList(),
                new RunContext.Thresholds(settings.maxErrorPct(), settings.maxP99Ms(),
                        settings.measurement().maxRateShortfallPct()),
                failures, warmupInfo, scrapes.instants());
        Summary summary = ResultsWriter.write(out, run.runDirectory(), out.resolve(REQUEST_LOG), context,
                scrapes.before(), scrapes.after(),
                reconciliation.toReport(audit.checked(), audit.missing(), audit.note()));

        System.out.println(summary.markdown());
        failures.clear();
        failures.addAll(summary.status().reasons());
        return finish(out);
    }

    /** Starts the machine-CPU interval of a phase. */
    private void phaseBegins() {
        phaseCpu = MachineCpu.now();
        phaseNanos = System.nanoTime();
    }

    /**
     * Records the machine's busy and stolen CPU of the phase just ended in run.json ({@code machineCpu.<phase>})
     * and warns when the hypervisor took a large share of it.
     */
    private void phaseEnds(String phase) {
        MachineCpu now = MachineCpu.now();
        double seconds = (System.nanoTime() - phaseNanos) / 1e9;
        if (phaseCpu != null && now != null && seconds > 0) {
            machineCpu.put(phase, now.describeSince(phaseCpu, seconds));
            runInfo.put("machineCpu", machineCpu);
            double stealPct = now.stealShareSince(phaseCpu) * 100;
            if (MachineFigures.stealWarns(stealPct)) {
                console.accept(String.format(Locale.ROOT, "warning: the hypervisor took %.0f %% of the CPU time this "
                        + "machine's processes wanted during the %s phase (steal): its figures are not comparable "
                        + "with a quiet machine's (run.json machineCpu)", stealPct, phase));
            }
        }
    }

    /**
     * Runs the load phase after {@code warm}, the concurrent warm-up's result (null when none ran); returns an exit
     * status when it failed, null when it completed.
     */
    private Integer loadPhase(SimulationParameters loadParameters, Warmup.Result warm, Map<String, String> gatling,
            Path gatlingResults, Path out, LocalStack stack, Map<String, Object> loadInfo) throws IOException {
        String ramp = loadParameters.loadRampMillis() == 0 ? "" : ", started over "
                + loadParameters.loadRampMillis() / 1000 + " s or until every record is taken (" + (warm == null
                        ? "no concurrent warm-up before it" : "the warm-up ended before the system was warm") + ")";
        console.accept("load phase: " + settings.records() + " accounts and " + settings.payments() + " payments, "
                + settings.loadConcurrency() + " concurrent users" + ramp);
        long loadTotal = settings.records() + settings.payments();
        Instant loadStart = Instant.now();
        GatlingRunner.Result load;
        try (LoadProgress progress = LoadProgress.start(loadTotal, console)) {
            load = GatlingRunner.run(LoadSimulation.class, gatlingResults, "load " + out.getFileName(),
                    merge(gatling, loadParameters.toProperties()));
        }
        Duration loadDuration = Duration.between(loadStart, Instant.now());
        loadInfo.put("writes", LoadSimulation.done());
        loadInfo.put("failed", LoadSimulation.failed());
        loadInfo.put("existing", LoadSimulation.existing());
        loadInfo.put("retried", LoadSimulation.retried());
        loadInfo.put("retriedExisting", LoadSimulation.retriedExisting());
        loadInfo.put("retriedHalfMade", LoadSimulation.retriedHalfMade());
        double writing = LoadSimulation.writingSeconds();
        loadInfo.put("durationSeconds", loadDuration.toMillis() / 1000.0);
        loadInfo.put("writingSeconds", Math.round(writing * 1000) / 1000.0);
        loadInfo.put("ratePerSecond", LoadSimulation.done() / Math.max(0.001, writing));
        loadInfo.put("gatlingRunFolder", out.relativize(load.runDirectory()).toString());
        runInfo.put("loadPhase", loadInfo);
        console.accept(String.format(Locale.ROOT,
                "load phase done: %d writes in %.1f s (%.0f/s; %.1f s with Gatling's start and report), %d failed%s%s",
                LoadSimulation.done(), writing, loadInfo.get("ratePerSecond"), loadDuration.toMillis() / 1000.0,
                LoadSimulation.failed(), existingBefore() == 0 ? "" : ", " + existingBefore()
                        + " already there from an earlier load of seed '" + loadParameters.seed() + "' (read back)",
                retriedText()));
        if (LoadSimulation.failed() > 0 || LoadSimulation.done() < loadTotal) {
            failures.add("load phase: " + LoadSimulation.failed() + " of " + loadTotal + " writes failed");
            console.accept("the load phase did not complete; see " + load.runDirectory().resolve("index.html")
                    + (stack != null ? " and the service logs in " + out.resolve("logs") : ""));
            reportDeadService(stack);
            return FAILED;
        }
        return null;
    }

    /**
     * Records the load found there on its first attempt: an earlier load of the seed wrote them (the retried ones
     * found written may be this load's own).
     */
    private static long existingBefore() {
        return LoadSimulation.existing() - LoadSimulation.retriedExisting();
    }

    /** The load phase's retries for its console line; empty when none was needed. */
    private static String retriedText() {
        long retried = LoadSimulation.retried();
        if (retried == 0) {
            return "";
        }
        long existing = LoadSimulation.retriedExisting();
        long halfMade = LoadSimulation.retriedHalfMade();
        return ", " + retried + " sent again after a 5xx, no answer or a half-made record (Gatling's report counts "
                + "each attempt)" + (existing == 0 ? "" : "; " + existing
                        + " of them were then found written (by their first attempt or an earlier load)")
                + (halfMade == 0 ? "" : "; " + halfMade + " found half-made (409, then 404 on the read) and waited "
                        + LoadSimulation.HALF_MADE_PAUSE.toSeconds() + " s for the orchestrator's recovery sweep");
    }

    /** {@code sut load}: reads the created records back and reports. */
    private int verifyLoad(SimulationParameters loadParameters, URI target, HttpClient client, Path out)
            throws IOException {
        // After a rerun the records found existing carry the history of earlier phases (payments, updates) that this
        // log does not hold: judge only what this load acknowledged, as with --skip-load. (A retry found written is
        // in this log, as indeterminate.)
        boolean wholeHistory = existingBefore() == 0;
        ReconciliationResult reconciliation = reconcile(loadParameters, target, client, out,
                List.of(out.resolve("writes-load.csv")), wholeHistory);
        if (!reconciliation.clean()) {
            failures.add("load read-back is not clean: " + reconciliation.describe() + " " + reconciliation.examples());
        }
        return finish(out);
    }

    private ReconciliationResult reconcile(SimulationParameters parameters, URI target, HttpClient client, Path out,
            List<Path> logs, boolean wholeHistory) throws IOException {
        ReconciliationResult reconciliation = "off".equals(settings.verifyMode())
                ? ReconciliationResult.off()
                : Reconciler.reconcile(new Reconciler.Settings(settings.verifyMode(), settings.verifySample(),
                        settings.records(), settings.initialBalanceMinor(), new RecordIds(parameters.seed()),
                        target, client, 8, out.getFileName().toString().hashCode(), wholeHistory,
                        settings.measurement().recheckDelay(), settings.measurement().verifyBatch()), logs, console);
        runInfo.put("reconciliation", reconciliation);
        console.accept("reconciliation: " + reconciliation.describe()
                + (wholeHistory ? "" : " (balances and owners not judged: other writers)"));
        return reconciliation;
    }

    private int finish(Path out) {
        if (failures.isEmpty()) {
            console.accept("PASSED: results in " + out);
            return PASSED;
        }
        failures.forEach(failure -> console.accept("FAILED: " + failure));
        console.accept("results in " + out);
        return FAILED;
    }

    /**
     * How long the load phase takes to start its users: none after a warm-up that ended warm (its p50 cycle time
     * stopped falling), {@link #COLD_LOAD_RAMP} when the deployment may still be cold — no concurrent warm-up
     * ({@code sut load}, {@code --warmup 0}: {@code warmup} null), or one that reached {@code --warmup-max} still
     * falling — so that a cold deployment does not meet every user, and as many TLS handshakes, in its first instant.
     */
    static Duration loadRamp(Warmup.Result warmup) {
        return warmup != null && warmup.warm() ? Duration.ZERO : COLD_LOAD_RAMP;
    }

    private SimulationParameters parameters(String target, String seed, String runTag, Path ackLog) {
        return new SimulationParameters(target, seed, settings.records(), settings.payments(),
                settings.initialBalanceMinor(), settings.currency(), settings.loadConcurrency(),
                loadRamp(null).toMillis(), settings.rate(),
                settings.duration().toSeconds(), settings.ramp().toSeconds(),
                settings.measurement().settle().toSeconds(), settings.measurement().arrivals(),
                settings.measurement().maxInFlight(), settings.requestTimeout().toMillis(), settings.mix(),
                settings.distribution(), settings.hotDataFraction(), settings.hotOperationFraction(),
                settings.docBytes(), settings.connectionMode(), settings.maxErrorPct(), settings.maxP99Ms(),
                settings.maxPaymentMinor(), runTag, ackLog, ackLog.resolveSibling(REQUEST_LOG));
    }

    private Map<String, String> gatlingProperties() {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("gatling.data.enableAnalytics", "false");
        properties.put("gatling.http.warmUpUrl", "");
        properties.put("gatling.ssl.useInsecureTrustManager", Boolean.toString(settings.trustAll()));
        properties.put("gatling.http.enableHostnameVerification", Boolean.toString(!settings.trustAll()));
        properties.put("gatling.http.requestTimeout", Long.toString(settings.requestTimeout().toMillis()));
        return properties;
    }

    private void describeLocal(LocalStack stack) {
        runInfo.put("mode", "local");
        runInfo.put("database", stack.mongodbDescription());
        runInfo.put("embeddedMongo", stack.isEmbeddedMongo());
        if (stack.isEmbeddedMongo()) {
            runInfo.put("databaseNote", "mongo-java-server is a wire-compatible stand-in, not MongoDB: its "
                    + "latencies are not a database's (loadtest/README.md, \"The embedded server is not a database\"). "
                    + "Use --mongodb-uri for database figures.");
        }
        List<Map<String, Object>> services = new ArrayList<>();
        for (ServiceProcess service : stack.services()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("name", service.name());
            entry.put("module", service.spec().module());
            entry.put("pid", service.pid());
            entry.put("httpPort", service.httpPort());
            if (service.httpsPort() != 0) {
                entry.put("httpsPort", service.httpsPort());
            }
            entry.put("managementPort", service.managementPort());
            entry.put("log", service.log().toString());
            services.add(entry);
        }
        runInfo.put("services", services);
    }

    private void describeTarget(URI target, Map<String, URI> metrics, HttpClient client) {
        Map<String, Object> description = new LinkedHashMap<>();
        description.put("url", target.toString());
        description.put("tls", "https".equalsIgnoreCase(target.getScheme()));
        description.put("tlsTrust", settings.trustAll() ? "all (any certificate accepted)"
                : "system (JVM trust store, host name verified)");
        description.put("connectionMode", settings.connectionMode().label());
        description.put("metricsEndpoints", metrics);
        description.put("region", settings.region());
        description.put("zone", settings.zone());
        runInfo.put("target", description);
        runInfo.put("mongodbSettings", MongoSettings.scrape(client, metrics));
        Map<String, Object> machine = Machine.describe();
        machine.put("speed", machineSpeed);
        runInfo.put("machine", machine);
        runInfo.put("versions", Machine.versions());
    }

    private void reportDeadService(LocalStack stack) {
        if (stack == null) {
            return;
        }
        String dead = stack.deadServiceReport();
        if (dead != null) {
            failures.add("a service died during the run");
            console.accept(dead);
        }
    }

    private void writeRunInfo(Path out) {
        try {
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                    .writeValue(out.resolve("run.json").toFile(), runInfo);
        } catch (IOException e) {
            console.accept("cannot write run.json: " + e.getMessage());
        }
    }

    /**
     * Scrapes the metrics endpoints just before the measured window and at its end: a thread waits for the run phase's
     * first arrival ({@link RunSimulation#anchorNanos()}), then for {@code lead} (ramp + settle) less
     * {@link #scrapeAhead}, then until the window's end. The first scrape is taken ahead because scraping five
     * services at once is a burst of CPU on every one of them (each writes its whole Prometheus text): taken at the
     * window's first instant it delayed the window's first requests by up to 150 ms on the 2-core machine, setting
     * the run's max. Ahead, the burst falls on the settle period; the server-side figures then span the window and
     * that much of the settle period before it, at the same rate. If the run ends early, the missing scrape is taken
     * when it ends.
     */
    static final class WindowScrapes {

        /** How long before the window the first scrape is taken: 2 s, or half the ramp + settle when shorter. */
        static Duration scrapeAhead(Duration lead) {
            Duration half = lead.dividedBy(2);
            return half.compareTo(SCRAPE_AHEAD) < 0 ? half : SCRAPE_AHEAD;
        }

        private static final Duration SCRAPE_AHEAD = Duration.ofSeconds(2);

        private final Map<String, URI> endpoints;
        private final Thread thread;
        private final Map<String, String> instants = new java.util.concurrent.ConcurrentHashMap<>();
        private volatile ServerMetrics before;
        private volatile ServerMetrics after;

        private final Duration lead;
        private final Duration window;

        private WindowScrapes(Map<String, URI> endpoints, Duration lead, Duration window) {
            this.endpoints = endpoints;
            this.lead = lead;
            this.window = window;
            this.thread = new Thread(() -> {
                try {
                    long anchor;
                    while ((anchor = RunSimulation.anchorNanos()) == 0) {
                        Thread.sleep(2);
                    }
                    sleepUntil(anchor + lead.minus(scrapeAhead(lead)).toNanos());
                    before = scrape("before");
                    sleepUntil(anchor + lead.toNanos() + window.toNanos());
                    after = scrape("after");
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "sut-window-scrapes");
            thread.setDaemon(true);
        }

        static WindowScrapes start(Map<String, URI> endpoints, Duration lead, Duration window) {
            RunSimulation.resetAnchor();
            WindowScrapes scrapes = new WindowScrapes(endpoints, lead, window);
            scrapes.thread.start();
            return scrapes;
        }

        private ServerMetrics scrape(String which) {
            instants.put(which, Instant.now().toString());
            return ServerMetrics.scrape(endpoints);
        }

        private static void sleepUntil(long nanos) throws InterruptedException {
            long wait;
            while ((wait = nanos - System.nanoTime()) > 0) {
                Thread.sleep(Math.max(1, Math.min(wait / 1_000_000, 200)));
            }
        }

        /** Called when the run phase ended: takes any scrape the thread did not (early end: at once). */
        void finish() {
            long anchor = RunSimulation.anchorNanos();
            if (anchor == 0 || System.nanoTime() < anchor + lead.toNanos() + window.toNanos()) {
                thread.interrupt();
            }
            try {
                thread.join(30_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (before == null) {
                before = scrape("before");
            }
            if (after == null) {
                after = scrape("after");
            }
        }

        ServerMetrics before() {
            return before;
        }

        ServerMetrics after() {
            return after;
        }

        Map<String, String> instants() {
            return Map.copyOf(instants);
        }
    }

    /** The audit service's metrics endpoint alone (empty map when unknown). */
    private static Map<String, URI> audit(Map<String, URI> metrics) {
        return metrics.containsKey("audit") ? Map.of("audit", metrics.get("audit")) : Map.of();
    }

    private static Map<String, String> merge(Map<String, String> first, Map<String, String> second) {
        Map<String, String> merged = new LinkedHashMap<>(first);
        merged.putAll(second);
        return merged;
    }
}
