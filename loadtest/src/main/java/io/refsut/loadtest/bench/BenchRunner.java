package io.refsut.loadtest.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.refsut.loadtest.run.Machine;
import io.refsut.loadtest.run.MachineCpu;
import io.refsut.loadtest.run.MachineSpeed;
import io.refsut.loadtest.stack.LocalStack;
import io.refsut.loadtest.stack.Ports;
import io.refsut.loadtest.stack.ServiceProcess;
import io.refsut.loadtest.stack.StackException;
import io.refsut.loadtest.workload.CriticalPath;
import io.refsut.loadtest.workload.Documents;
import io.refsut.loadtest.workload.Mix;
import io.refsut.loadtest.workload.Operation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;

/**
 * Carries out one {@code sut bench}: starts the embedded store (as its own process) unless a MongoDB URI is given, the
 * five services, creates the records, warms up, measures the three series {@code executions} times side by side,
 * optionally searches the capacity, writes bench.json and bench.md, and stops everything it started.
 */
public final class BenchRunner {

    /** The {@code detail} of an {@code application/problem+json} body inside an error message. */
    private static final Pattern PROBLEM_DETAIL = Pattern.compile("\"detail\":\"([^\"]*)\"");

    /** Fewest samples for which a window's p50 gets a sampling error ({@link #p50SamplingCv}). */
    static final int MIN_SAMPLES_FOR_SE = 20;

    /** Series names, in the order they run within an execution. */
    static final List<String> SERIES = List.of("floor", "oneHop", "full");
    static final String INJECTOR = "injector";
    static final String STORE = "store";

    private static final DateTimeFormatter FOLDER_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
    private static final Duration DRAIN = Duration.ofSeconds(15);
    private static final int PRELOAD_CONCURRENCY = 8;

    private final BenchSettings settings;
    private final Consumer<String> console;
    private final Map<String, Long> pids = new LinkedHashMap<>();

    public BenchRunner(BenchSettings settings, Consumer<String> console) {
        this.settings = settings;
        this.console = console;
    }

    /** Runs the bench; 0 when every measurement was taken, 1 when something failed. */
    public int run() {
        Path out = settings.resultsDir().resolve("bench-" + LocalDateTime.now().format(FOLDER_TIME));
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("kind", "sut-bench");
        report.put("startedAt", Instant.now().toString());
        Map<String, Object> machine = Machine.describe();
        machine.put("speed", MachineSpeed.measureAndReport(console));
        report.put("machine", machine);
        report.put("versions", Machine.versions());
        report.put("settings", settings.describe());
        report.put("loadAverageBefore", ProcessStats.loadAverage());
        StoreProcess store = null;
        LocalStack stack = null;
        FloorOperations floor = null;
        OpenLoop loop = null;
        try {
            Files.createDirectories(out.resolve("logs"));
            console.accept("results folder: " + out);
            String uri = settings.mongodbUri();
            boolean embedded = uri == null || uri.isBlank();
            if (embedded) {
                store = StoreProcess.start(settings.storeJvmOptions(), out.resolve("logs").resolve("store.log"));
                uri = store.connectionString();
                console.accept("started the embedded MongoDB stand-in as its own process (pid " + store.pid() + ") at " + uri);
            }
            report.put("mongodb", embedded ? io.refsut.loadtest.stack.EmbeddedMongo.DESCRIPTION + ", own process"
                    : LocalStack.redact(uri));
            stack = LocalStack.start(new LocalStack.Settings(settings.home(), out.resolve("logs"), uri, Ports.parse("auto"),
                    settings.serviceJvmOptionsWithScaling(), settings.dataServiceJvmOptions(), settings.startTimeout()),
                    line -> console.accept(line));
            Map<String, String> baseUrls = new LinkedHashMap<>();
            for (ServiceProcess service : stack.services()) {
                pids.put(service.name(), service.pid());
                baseUrls.put(service.name(), "http://127.0.0.1:" + service.httpPort());
            }
            if (store != null) {
                pids.put(STORE, store.pid());
            }
            pids.put(INJECTOR, ProcessHandle.current().pid());
            report.put("processes", pids);

            Http http = new Http(settings.connections());
            Records records = preload(http, stack.targetUrl());
            for (String server : servers(stack.targetUrl(), baseUrls)) {
                http.open(server + "/");
            }
            console.accept("opened " + http.connections() + " connections to each of the five services (the "
                    + "orchestrator's over TLS), kept for the whole bench");
            floor = new FloorOperations(uri, records);
            HopOperations hop = new HopOperations(http, records, baseUrls);
            FullOperations full = new FullOperations(http, records, stack.targetUrl());
            loop = new OpenLoop(settings.maxInFlight());

            List<String> legs = CriticalPath.legsOf(settings.mix().operations());
            Map<String, Supplier<OpenLoop.Task>> series = new LinkedHashMap<>();
            series.put("floor", uniform(legs, floor.elementary()));
            series.put("oneHop", uniform(legs, hop.elementary()));
            series.put("full", byMix(settings.mix(), full.business()));

            double warmupRate = settings.warmupRate();
            // unmeasured, but recorded: an error here is as much a defect as one in a measured window
            Map<String, Object> warmups = new LinkedHashMap<>();
            report.put("warmup", warmups);
            if (!settings.warmup().isZero()) {
                for (Map.Entry<String, Supplier<OpenLoop.Task>> entry : series.entrySet()) {
                    if (settings.executions() == 0 && entry.getKey().equals("oneHop")) {
                        // the capacity search steps the floor and the full series only
                        console.accept("warm-up oneHop: skipped, nothing measures it (--executions 0)");
                        continue;
                    }
                    console.accept("warm-up " + entry.getKey() + ": " + format(warmupRate) + "/s for "
                            + settings.warmup().toSeconds() + " s");
                    OpenLoop.Result warm = loop.run(warmupRate, settings.warmup(), entry.getValue(), DRAIN);
                    warmups.put(entry.getKey(), unmeasured(warm));
                    if (warm.totalErrors() > 0) {
                        console.accept("  warm-up errors: " + warm.errors() + " " + warm.firstErrors());
                    }
                }
            }
            List<Map<String, Object>> executions = new ArrayList<>();
            for (int e = 1; e <= settings.executions(); e++) {
                Map<String, Object> execution = new LinkedHashMap<>();
                execution.put("execution", e);
                Map<String, Object> measured = new LinkedHashMap<>();
                Map<String, Object> seriesWarmups = new LinkedHashMap<>();
                execution.put("seriesWarmup", seriesWarmups);
                List<Map<String, Object>> remeasured = new ArrayList<>();
                for (Map.Entry<String, Supplier<OpenLoop.Task>> entry : series.entrySet()) {
                    if (!settings.seriesWarmup().isZero()) {
                        OpenLoop.Result warm = loop.run(settings.rate(), settings.seriesWarmup(), entry.getValue(), DRAIN);
                        seriesWarmups.put(entry.getKey(), unmeasured(warm));
                        if (warm.totalErrors() > 0) {
                            console.accept("execution " + e + " " + entry.getKey() + " series warm-up errors: "
                                    + warm.errors() + " " + warm.firstErrors());
                        }
                    }
                    String name = entry.getKey();
                    OpenLoop measuring = loop;
                    Window kept = windowAgainForSteal("execution " + e, name,
                            () -> measure(measuring, settings.rate(), settings.duration(), entry.getValue()), settings,
                            remeasured, console);
                    measured.put(name, kept.describe());
                }
                execution.put("series", measured);
                if (!remeasured.isEmpty()) {
                    execution.put("remeasured", remeasured);
                }
                execution.put("overhead", BenchFigures.overhead(measured, settings.mix()));
                executions.add(execution);
            }
            if (!executions.isEmpty()) {
                report.put("series", BenchFigures.aggregateSeries(executions));
                report.put("overhead", BenchFigures.aggregateOverhead(executions));
                report.put("executions", executions);
            }
            if (settings.capacity()) {
                report.put("capacity", capacity(loop, floor, full));
            }
            report.put("loadAverageAfter", ProcessStats.loadAverage());
            report.put("finishedAt", Instant.now().toString());
            write(out, report);
            return 0;
        } catch (StackException | IllegalStateException | IOException e) {
            console.accept("FAILED: " + e.getMessage());
            report.put("failure", e.getMessage());
            try {
                write(out, report);
            } catch (IOException ignored) {
                // the console has the reason
            }
            return 1;
        } finally {
            if (loop != null) {
                loop.close();
            }
            if (floor != null) {
                floor.close();
            }
            if (stack != null) {
                stack.close();
            }
            if (store != null) {
                store.close();
            }
        }
    }

    /** What the bench sends load to: the orchestrator's HTTPS port and the data services' HTTP ports. */
    private static List<String> servers(String orchestrator, Map<String, String> baseUrls) {
        List<String> servers = new ArrayList<>();
        servers.add(orchestrator);
        HopOperations.SERVICES.forEach(name -> servers.add(baseUrls.get(name)));
        return servers;
    }

    private void write(Path out, Map<String, Object> report) throws IOException {
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        Files.writeString(out.resolve("bench.json"), json.writeValueAsString(report));
        JsonNode tree = json.valueToTree(report);
        String markdown = BenchMarkdown.render(tree);
        Files.writeString(out.resolve("bench.md"), markdown);
        console.accept("wrote " + out.resolve("bench.json") + " and bench.md");
        System.out.println(markdown);
    }

    /** Creates the accounts (and their balances and audit events) and payments through the orchestrator. */
    private Records preload(Http http, String orchestrator) {
        console.accept("creating " + settings.records() + " accounts and " + settings.payments() + " payments");
        String note = new Documents(settings.docBytes()).accountNote(Records.OWNER);
        List<UUID> accounts = Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < settings.records(); i++) {
            accounts.add(null);
        }
        Map<UUID, String> createdAt = new ConcurrentHashMap<>();
        ObjectMapper json = new ObjectMapper();
        parallel(accounts.size(), i -> {
            // a cold service can time out the first calls: retry with a fresh id (a failed one may be half-written)
            String body = withRetries(() -> {
                UUID id = UUID.randomUUID();
                accounts.set(i, id);
                return http.send("POST", orchestrator + "/api/v1/accounts", "{\"id\":\"" + id + "\",\"owner\":\""
                        + Records.OWNER + "\",\"currency\":\"" + Records.CURRENCY + "\",\"status\":\"ACTIVE\","
                        + "\"initialBalanceMinor\":" + Records.INITIAL_BALANCE + ",\"note\":" + Http.quote(note) + "}", 201);
            });
            createdAt.put(accounts.get(i), json.readTree(body).path("account").path("createdAt").asText());
        });
        Records partial = new Records(accounts, createdAt, Map.of(), note);
        List<UUID> writes = partial.writeRange(2);
        Map<UUID, Records.Payment> payments = new ConcurrentHashMap<>();
        parallel(settings.payments(), i -> {
            UUID[] id = new UUID[1];
            UUID[] account = new UUID[1];
            String body = withRetries(() -> {
                id[0] = UUID.randomUUID();
                account[0] = writes.get(ThreadLocalRandom.current().nextInt(writes.size()));
                return http.send("POST", orchestrator + "/api/v1/payments", "{\"id\":\"" + id[0] + "\",\"accountId\":\""
                        + account[0] + "\",\"amountMinor\":1,\"currency\":\"" + Records.CURRENCY
                        + "\",\"reference\":\"bench\",\"note\":" + Http.quote(note) + "}", 201);
            });
            payments.put(id[0], new Records.Payment(account[0],
                    json.readTree(body).path("payment").path("createdAt").asText()));
        });
        return new Records(List.copyOf(accounts), Map.copyOf(createdAt), Map.copyOf(payments), note);
    }

    /** Up to 60 s of attempts, 0.5 s apart: a cold service may time out and trip the orchestrator's breakers. */
    private static String withRetries(java.util.concurrent.Callable<String> call) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            try {
                return call.call();
            } catch (IllegalStateException | IOException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(500);
            }
        }
    }

    private interface IndexedCall {
        void call(int index) throws Exception;
    }

    private static void parallel(int count, IndexedCall call) {
        ExecutorService pool = Executors.newFixedThreadPool(PRELOAD_CONCURRENCY);
        AtomicInteger next = new AtomicInteger();
        try {
            List<Future<?>> workers = new ArrayList<>();
            for (int w = 0; w < PRELOAD_CONCURRENCY; w++) {
                workers.add(pool.submit(() -> {
                    for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
                        call.call(i);
                    }
                    return null;
                }));
            }
            for (Future<?> worker : workers) {
                worker.get();
            }
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("creating the bench records failed: " + e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating the bench records");
        } finally {
            pool.shutdownNow();
        }
    }

    private static Supplier<OpenLoop.Task> uniform(List<String> names, Map<String, OpenLoop.Action> actions) {
        Deck<String> deck = Deck.uniform(names, new Random());
        Map<String, OpenLoop.Task> tasks = new LinkedHashMap<>();
        names.forEach(name -> tasks.put(name, new OpenLoop.Task(name, actions.get(name))));
        return () -> tasks.get(deck.get());
    }

    private static Supplier<OpenLoop.Task> byMix(Mix mix, Map<Operation, OpenLoop.Action> actions) {
        Map<Operation, Double> weights = new LinkedHashMap<>();
        mix.operations().forEach(operation -> weights.put(operation, mix.share(operation)));
        Deck<Operation> deck = Deck.weighted(weights, new Random());
        Map<Operation, OpenLoop.Task> tasks = new LinkedHashMap<>();
        actions.forEach((operation, action) -> tasks.put(operation, new OpenLoop.Task(operation.requestName(), action)));
        return () -> tasks.get(deck.get());
    }

    /**
     * Measures a series window, and again while the last one had {@link BenchSettings#remeasures steal at or above
     * --max-steal-pct}, at most --steal-retries times. Returns the window with the least steal; what bench.json keeps
     * of each other one is added to {@code remeasured}.
     */
    static Window windowAgainForSteal(String execution, String series, Supplier<Window> measure,
            BenchSettings settings, List<Map<String, Object>> remeasured, Consumer<String> console) {
        String what = execution + " " + series;
        Window window = measure.get();
        console.accept(what + ": " + window.oneLine());
        List<Window> attempts = new ArrayList<>(List.of(window));
        while (settings.remeasures(window.stealPct()) && attempts.size() <= settings.stealRetries()) {
            console.accept(String.format(java.util.Locale.ROOT, "%s: the hypervisor took %.1f %% of the CPU time the "
                    + "machine's processes wanted (--max-steal-pct %s): measuring the window again (%d of at most %d)",
                    what, window.stealPct(), format(settings.maxStealPct()), attempts.size(),
                    settings.stealRetries()));
            window = measure.get();
            console.accept(what + ", again: " + window.oneLine());
            attempts.add(window);
        }
        Window kept = leastStolen(attempts);
        for (Window other : attempts) {
            if (other != kept) {
                remeasured.add(other.discarded(series, kept));
            }
        }
        if (attempts.size() > 1) {
            console.accept(String.format(java.util.Locale.ROOT, "%s: kept the window with %.1f %% steal", what,
                    kept.stealPct()));
        }
        return kept;
    }

    /** Of windows measured again for steal, the one with the least (the first of equals). */
    static Window leastStolen(List<Window> attempts) {
        Window least = attempts.get(0);
        for (Window attempt : attempts) {
            if (attempt.stealPct() < least.stealPct()) {
                least = attempt;
            }
        }
        return least;
    }

    /**
     * One measured interval with the CPU time every process used during it, and what each process's threads did
     * ({@link ThreadStats}: read outside the process figures, so that the injector's reading of them is not counted).
     */
    private Window measure(OpenLoop loop, double rate, Duration duration, Supplier<OpenLoop.Task> tasks) {
        Map<String, Map<Long, ThreadStats.Sample>> threadsBefore = ThreadStats.sample(pids);
        Map<String, Long> before = ProcessStats.cpuMicros(pids);
        MachineCpu machineBefore = MachineCpu.now();
        long wallBefore = System.nanoTime();
        OpenLoop.Result result = loop.run(rate, duration, tasks, DRAIN);
        long wallNanos = System.nanoTime() - wallBefore;
        Map<String, Long> after = ProcessStats.cpuMicros(pids);
        MachineCpu machineAfter = MachineCpu.now();
        Map<String, Map<Long, ThreadStats.Sample>> threadsAfter = ThreadStats.sample(pids);
        Map<String, Long> cpu = new LinkedHashMap<>();
        before.forEach((name, value) -> cpu.put(name, value < 0 || after.get(name) < 0 ? -1 : after.get(name) - value));
        return new Window(result, cpu, wallNanos / 1e9, machineBefore, machineAfter,
                ThreadStats.perOperation(threadsBefore, threadsAfter, result.completed()));
    }

    /**
     * A measured interval: latencies, errors, CPU µs per process, wall seconds, the whole machine's CPU at its start
     * and end (null where unknown), and per process and thread kind what its threads did per operation.
     */
    record Window(OpenLoop.Result result, Map<String, Long> cpuUs, double wallSeconds, MachineCpu machineBefore,
            MachineCpu machineAfter, Map<String, Object> threads) {

        /** The stolen share (%) of the CPU time the machine's processes wanted in the window; NaN when unknown. */
        double stealPct() {
            return machineBefore == null || machineAfter == null ? Double.NaN
                    : machineAfter.stealPctSince(machineBefore);
        }

        /** What bench.json keeps of a window measured again and not kept: enough to see what steal did to it. */
        Map<String, Object> discarded(String series, Window kept) {
            Histogram all = overall();
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("series", series);
            map.put("stealPct", stealPct());
            map.put("keptStealPct", kept.stealPct());
            map.put("count", result.completed());
            map.put("errors", result.totalErrors());
            map.put("p50Us", all.getValueAtPercentile(50));
            map.put("p99Us", all.getValueAtPercentile(99));
            map.put("keptP50Us", kept.overall().getValueAtPercentile(50));
            map.put("keptP99Us", kept.overall().getValueAtPercentile(99));
            map.put("servicesAndStoreCpuUsPerOperation", cpuUsPerOperation().get("servicesAndStore"));
            return map;
        }

        Histogram overall() {
            Histogram all = new Histogram(3);
            result.latenciesUs().values().forEach(all::add);
            return all;
        }

        long operations() {
            return result.completed();
        }

        /** CPU µs per operation of each process, the services and store together, and everything. */
        Map<String, Object> cpuUsPerOperation() {
            Map<String, Object> per = new LinkedHashMap<>();
            long ops = Math.max(1, operations());
            long sut = 0;
            long total = 0;
            for (Map.Entry<String, Long> entry : cpuUs.entrySet()) {
                per.put(entry.getKey(), round(entry.getValue() / (double) ops));
                total += Math.max(0, entry.getValue());
                if (!INJECTOR.equals(entry.getKey())) {
                    sut += Math.max(0, entry.getValue());
                }
            }
            per.put("servicesAndStore", round(sut / (double) ops));
            per.put("total", round(total / (double) ops));
            return per;
        }

        /** Cores each process used on average during the window. */
        Map<String, Object> cpuCores() {
            Map<String, Object> cores = new LinkedHashMap<>();
            double ours = 0;
            for (Map.Entry<String, Long> entry : cpuUs.entrySet()) {
                double value = entry.getValue() / 1e6 / wallSeconds;
                cores.put(entry.getKey(), round3(value));
                ours += Math.max(0, value);
            }
            cores.put("all", round3(ours));
            if (machineBefore != null && machineAfter != null) {
                double machineBusyCores = machineAfter.busyCoresSince(machineBefore, wallSeconds);
                cores.put("machineBusy", round3(machineBusyCores));
                cores.put("otherProcesses", round3(Math.max(0, machineBusyCores - ours)));
                cores.put("steal", round3(machineAfter.stealCoresSince(machineBefore, wallSeconds)));
                cores.put("stealPct", machineAfter.stealPctSince(machineBefore));
            }
            return cores;
        }

        String busiest() {
            return cpuUs.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse("?");
        }

        Map<String, Object> describe() {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("targetRate", result.targetRate());
            map.put("achievedRate", round(result.achievedRate()));
            map.put("count", result.completed());
            map.put("errors", result.totalErrors());
            if (!result.firstErrors().isEmpty()) {
                map.put("firstErrors", result.firstErrors());
            }
            Map<String, Object> operations = new LinkedHashMap<>();
            result.latenciesUs().keySet().stream().sorted().forEach(name -> {
                Map<String, Object> stats = stats(result.latenciesUs().get(name));
                stats.put("errors", result.errors().getOrDefault(name, 0L));
                operations.put(name, stats);
            });
            map.put("operations", operations);
            map.put("cpuUsPerOperation", cpuUsPerOperation());
            map.put("cpuCores", cpuCores());
            map.put("threads", threads);
            return map;
        }

        String oneLine() {
            Histogram all = overall();
            return String.format(java.util.Locale.ROOT, "%d ops, %d errors, achieved %.1f/s, p50 %d us, p99 %d us, "
                    + "CPU %s us/op (services+store), busiest %s", result.completed(), result.totalErrors(),
                    result.achievedRate(), all.getValueAtPercentile(50), all.getValueAtPercentile(99),
                    cpuUsPerOperation().get("servicesAndStore"), busiest());
        }
    }

    /** What an unmeasured interval (a warm-up) did: arrivals, completions and errors, no latencies. */
    static Map<String, Object> unmeasured(OpenLoop.Result result) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("rate", result.targetRate());
        map.put("seconds", round(result.seconds()));
        map.put("arrivals", result.arrivals());
        map.put("completed", result.completed());
        map.put("errors", result.totalErrors());
        Map<String, Object> byOperation = new TreeMap<>(result.errors());
        if (result.unfinished() > 0) {
            byOperation.put("unfinished", result.unfinished());
        }
        map.put("errorsByOperation", byOperation);
        if (!result.firstErrors().isEmpty()) {
            map.put("firstErrors", new TreeMap<>(result.firstErrors()));
        }
        return map;
    }

    static Map<String, Object> stats(Histogram histogram) {
        Map<String, Object> stats = new LinkedHashMap<>();
        stats.put("count", histogram.getTotalCount());
        stats.put("p50Us", histogram.getValueAtPercentile(50));
        stats.put("p99Us", histogram.getValueAtPercentile(99));
        stats.put("p999Us", histogram.getValueAtPercentile(99.9));
        stats.put("maxUs", histogram.getMaxValue());
        stats.put("meanUs", round(histogram.getMean()));
        Double sampling = p50SamplingCv(histogram);
        if (sampling != null) {
            stats.put("p50SamplingCv", sampling);
        }
        return stats;
    }

    /**
     * The standard error that the sample count alone gives a window's p50, over the p50: from the distribution-free
     * 95 % interval of a median, the order statistics at ranks n/2 ± 0.98·√n (the percentiles 50 ± 98/√n), its width
     * over 2 × 1.96. Executions whose windows drew from one and the same distribution would differ by about this, so
     * it is the floor of the p50's coefficient of variation across them; null under {@link #MIN_SAMPLES_FOR_SE}
     * samples.
     */
    static Double p50SamplingCv(Histogram histogram) {
        long n = histogram.getTotalCount();
        long p50 = histogram.getValueAtPercentile(50);
        if (n < MIN_SAMPLES_FOR_SE || p50 <= 0) {
            return null;
        }
        double half = 98 / Math.sqrt(n);
        long low = histogram.getValueAtPercentile(50 - half);
        long high = histogram.getValueAtPercentile(50 + half);
        return round3((high - low) / (2 * 1.96) / p50);
    }

    /** Capacity search for each mix: the SUT (full transactions) and the store alone (the same operations by driver). */
    private Map<String, Object> capacity(OpenLoop loop, FloorOperations floor, FullOperations full) {
        Map<String, Object> capacity = new LinkedHashMap<>();
        capacity.put("sloP99Ms", settings.sloP99Ms());
        capacity.put("held", "p99 <= SLO, no errors, achieved rate >= 99 % of the target");
        Map<String, Object> mixes = new LinkedHashMap<>();
        Map<Operation, OpenLoop.Action> business = full.business();
        for (Map.Entry<String, Mix> entry : settings.capacityMixes().entrySet()) {
            Mix mix = entry.getValue();
            Map<String, Object> result = new LinkedHashMap<>();
            result.put("mix", mix.describe());
            Map<Operation, OpenLoop.Action> storeTransactions = new LinkedHashMap<>();
            for (Operation operation : mix.operations()) {
                storeTransactions.put(operation, floor.transaction(operation));
            }
            Map<String, Object> sut = search(loop, "sut " + entry.getKey(), byMix(mix, business));
            Map<String, Object> storeOnly = search(loop, "store " + entry.getKey(), byMix(mix, storeTransactions));
            result.put("sut", sut);
            result.put("store", storeOnly);
            double sutHeld = ((Number) sut.get("highestRateHeld")).doubleValue();
            double storeHeld = ((Number) storeOnly.get("highestRateHeld")).doubleValue();
            result.put("sutShareOfStoreCapacity", storeHeld > 0 ? round3(sutHeld / storeHeld) : null);
            mixes.put(entry.getKey(), result);
        }
        capacity.put("mixes", mixes);
        return capacity;
    }

    private Map<String, Object> search(OpenLoop loop, String what, Supplier<OpenLoop.Task> tasks) {
        List<Map<String, Object>> steps = new ArrayList<>();
        Map<Double, String> busiest = new HashMap<>();
        CapacitySearch.Outcome outcome = CapacitySearch.search(settings.capacityStart(), settings.capacityFactor(),
                settings.capacityMax(), settings.capacityRefine(), (rate, afterFailure) -> {
                    boolean refinement = steps.stream().anyMatch(earlier -> !(Boolean) earlier.get("held"));
                    if (afterFailure && !settings.stepPause().isZero()) {
                        console.accept("capacity " + what + ": pausing " + settings.stepPause().toSeconds()
                                + " s after the failed step");
                        sleep(settings.stepPause());
                    }
                    Map<String, Object> step = stepAgainForSteal(() -> step(loop, what, rate, tasks), settings, steps,
                            line -> console.accept("capacity " + what + " " + format(rate) + "/s: " + line),
                            () -> sleep(settings.stepPause()));
                    step.put("refinement", refinement);
                    steps.add(step);
                    busiest.put(rate, (String) step.get("busiest"));
                    @SuppressWarnings("unchecked")
                    List<String> broken = (List<String>) step.remove("broken");
                    return broken;
                });
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("highestRateHeld", outcome.held());
        result.put("lowestRateFailed", outcome.lowestFailed() > 0 ? outcome.lowestFailed() : null);
        result.put("limit", outcome.limit().isEmpty()
                ? "not reached up to --capacity-max " + format(settings.capacityMax()) + "/s"
                : String.join("; ", outcome.limit()) + " at " + format(outcome.lowestFailed()) + "/s");
        result.put("busiestAtLimit", outcome.lowestFailed() > 0 ? busiest.get(outcome.lowestFailed()) : null);
        result.put("steps", steps);
        return result;
    }

    /**
     * Runs a capacity step, and again (after {@code pause}: the failed step may have opened breakers) while it failed
     * with {@link BenchSettings#remeasures steal at or above --max-steal-pct}, at most --steal-retries times. Each
     * step run again is added to {@code steps} marked {@code measuredAgainForSteal}; the last one is returned, and it
     * decides whether the rate held.
     */
    static Map<String, Object> stepAgainForSteal(Supplier<Map<String, Object>> run, BenchSettings settings,
            List<Map<String, Object>> steps, Consumer<String> console, Runnable pause) {
        Map<String, Object> step = run.get();
        for (int retry = 1; retry <= settings.stealRetries() && !(Boolean) step.get("held")
                && settings.remeasures(stealPct(step)); retry++) {
            console.accept(String.format(java.util.Locale.ROOT, "failed while the hypervisor took %.1f %% of the CPU "
                    + "time the machine's processes wanted (--max-steal-pct %s): measuring the step again (%d of at "
                    + "most %d)", stealPct(step), format(settings.maxStealPct()), retry, settings.stealRetries()));
            step.put("measuredAgainForSteal", true);
            step.remove("broken");
            steps.add(step);
            pause.run();
            step = run.get();
        }
        return step;
    }

    /** A capacity step's {@code cpuCores.stealPct}; NaN when it is not known. */
    private static double stealPct(Map<String, Object> step) {
        return step.get("cpuCores") instanceof Map<?, ?> cores && cores.get("stealPct") instanceof Number steal
                ? steal.doubleValue() : Double.NaN;
    }

    /** An error for one line: a problem's {@code detail} (which names the failed dependency and why) after the request. */
    static String shortError(String error) {
        Matcher detail = PROBLEM_DETAIL.matcher(error);
        int arrow = error.indexOf(" -> ");
        if (detail.find() && arrow > 0) {
            String request = error.substring(0, arrow + 4);
            String status = error.substring(arrow + 4).split(" ", 2)[0];
            return request + status + " " + detail.group(1);
        }
        return error.length() > 200 ? error.substring(0, 200) + "..." : error;
    }

    private static void sleep(Duration pause) {
        try {
            Thread.sleep(pause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** One measured step at a rate, after its unmeasured warm-up; {@code broken} lists why it did not hold. */
    private Map<String, Object> step(OpenLoop loop, String what, double rate, Supplier<OpenLoop.Task> tasks) {
        if (!settings.stepWarmup().isZero()) {
            loop.run(rate, settings.stepWarmup(), tasks, DRAIN);
        }
        Window window = measure(loop, rate, settings.stepDuration(), tasks);
        Histogram all = window.overall();
        long p99 = all.getValueAtPercentile(99);
        Map<String, Object> step = new LinkedHashMap<>();
        step.put("rate", rate);
        step.put("achievedRate", round(window.result().achievedRate()));
        step.put("count", window.operations());
        step.put("errors", window.result().totalErrors());
        step.put("p50Us", all.getValueAtPercentile(50));
        step.put("p99Us", p99);
        step.put("maxUs", all.getMaxValue());
        step.put("cpuCores", window.cpuCores());
        step.put("cpuUsPerOperation", window.cpuUsPerOperation());
        step.put("busiest", window.busiest());
        step.put("threads", window.threads());
        List<String> broken = new ArrayList<>();
        if (p99 > settings.sloP99Ms() * 1000) {
            broken.add("p99 " + p99 / 1000 + " ms > " + format(settings.sloP99Ms()) + " ms");
        }
        if (window.result().totalErrors() > 0) {
            String first = window.result().firstErrors().values().stream().findFirst().orElse("");
            broken.add(window.result().totalErrors() + " errors (" + shortError(first) + ")");
            step.put("firstErrors", window.result().firstErrors());
        }
        if (window.result().achievedRate() < rate * 0.99) {
            broken.add("achieved " + format(window.result().achievedRate()) + "/s < 99 %");
        }
        step.put("held", broken.isEmpty());
        step.put("broken", broken);
        console.accept("capacity " + what + " " + format(rate) + "/s: " + (broken.isEmpty() ? "held" : String.join("; ", broken))
                + " — p50 " + all.getValueAtPercentile(50) + " us, p99 " + p99 + " us, cores " + window.cpuCores());
        return step;
    }

    static double round(double value) {
        return Math.round(value * 10) / 10.0;
    }

    static double round3(double value) {
        return Math.round(value * 1000) / 1000.0;
    }

    static String format(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : String.format(java.util.Locale.ROOT, "%.1f", value);
    }
}
