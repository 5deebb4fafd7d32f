package io.refsut.loadtest.compare;

import com.fasterxml.jackson.databind.JsonNode;
import io.refsut.loadtest.report.LatencyStats;
import io.refsut.loadtest.report.SimulationLog;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One execution as compare sees it: a small adapter over a results folder's summary.json and run.json (or over the
 * merged summary of a Kubernetes execution's injectors), reduced to what the comparison needs.
 *
 * @param dir            the results folder (for a merged execution: the folder the merge was written to)
 * @param name           how tables name the execution (the folder's name)
 * @param label          the run's --label
 * @param labels         run.json's {@code labels} (the --label-set pairs)
 * @param execution      run.json's {@code execution.number}, 0 when absent
 * @param injectors      how many injectors' results were merged into this execution (1 = none)
 * @param configuration  the parameters runs of one group must share ({@link #CONFIGURATION_KEYS}; the summary
 *                       format too, since format 2 measures from the intended start and counts successes only)
 * @param failures       why the run failed; empty = passed
 * @param targetRate     planned arrivals per second
 * @param achievedRate   arrivals per second actually started
 * @param operations     client-side figures per business operation and {@value #OVERALL}
 * @param readWrite      client-side figures of reads and writes together ({@value #READS}, {@value #WRITES}),
 *                       empty when neither the simulation.log nor summary.json has them
 * @param mongodbMeanUs  mean time in MongoDB per {@code service.operation} (µs), from the services' timers
 * @param orchestratorMeanUs the orchestrator's own mean per business operation (µs)
 * @param perSecondMs    a response-time figure per second of the run phase (empty when neither summary.json nor
 *                       a simulation.log has one)
 * @param perSecondFigure which figure: {@code p50} (summary.json's {@code perSecond.all}, format 2) or {@code mean}
 *                       (recomputed from simulation.log, format 1)
 * @param embeddedDatabase whether the run used the embedded MongoDB stand-in
 * @param loopbackRoundTripUs the injector machine's loopback round trip before the run (run.json {@code
 *                       machine.speed}; of a merged execution the slowest injector's), NaN when not measured
 * @param systemCallNs   the injector machine's cost of one system call before the run (run.json {@code
 *                       machine.speed}; of a merged execution the slowest injector's), NaN when not measured
 * @param runStealPct    the share of the CPU time the injector machine's processes wanted that the hypervisor took
 *                       during the run phase (run.json {@code machineCpu.run.stealPct}; of a merged execution the
 *                       highest injector's), NaN when not measured
 */
public record RunResult(Path dir, String name, String label, Map<String, String> labels, int execution,
        int injectors, Map<String, String> configuration, List<String> failures, double targetRate,
        double achievedRate, Map<String, Latency> operations, Map<String, Latency> readWrite,
        Map<String, Double> mongodbMeanUs, Map<String, Double> orchestratorMeanUs, List<Double> perSecondMs,
        String perSecondFigure, boolean embeddedDatabase, double loopbackRoundTripUs, double systemCallNs,
        double runStealPct) {

    /** The operations key of all operations together. */
    public static final String OVERALL = "overall";
    /** The read operations together (read_account, read_payment). */
    public static final String READS = "reads";
    /** The write operations together (update_account, make_payment). */
    public static final String WRITES = "writes";
    /** Business operations that read. */
    public static final Set<String> READ_OPERATIONS = Set.of("read_account", "read_payment");
    /** Business operations that write. */
    public static final Set<String> WRITE_OPERATIONS = Set.of("update_account", "make_payment", "create_account");

    /** The parameters that must be equal for runs to be grouped together, in display order. */
    public static final List<String> CONFIGURATION_KEYS = List.of("rate", "durationSeconds", "rampSeconds",
            "settleSeconds", "arrivals", "mix", "distribution", "records", "docBytes", "connections", "summaryFormat");

    /** An achieved rate below this share of the target rate fails the run. */
    public static final double MIN_RATE_SHARE = 0.99;

    /** Null collections become empty ones. */
    public RunResult {
        labels = java.util.Collections.unmodifiableMap(labels == null ? new TreeMap<>() : new TreeMap<>(labels));
        configuration = configuration == null ? Map.of() : configuration;
        failures = failures == null ? List.of() : List.copyOf(failures);
        readWrite = readWrite == null ? Map.of() : readWrite;
        mongodbMeanUs = mongodbMeanUs == null ? Map.of() : mongodbMeanUs;
        orchestratorMeanUs = orchestratorMeanUs == null ? Map.of() : orchestratorMeanUs;
        perSecondMs = perSecondMs == null ? List.of() : java.util.Collections.unmodifiableList(new ArrayList<>(perSecondMs));
        perSecondFigure = perSecondFigure == null ? "" : perSecondFigure;
    }

    /** Whether the run passed (and may be aggregated). */
    public boolean passed() {
        return failures.isEmpty();
    }

    /** The {@code price} label (per hour), or null. */
    public Double price() {
        String price = labels.get(LabelSet.PRICE);
        return price == null ? null : LabelSet.price(price);
    }

    /**
     * The adapter: one folder's summary.json (any format version: the fields compare reads have the same names in
     * formats 1 and 2), its run.json, and the requests of its run-phase simulation.log files (null when absent).
     */
    public static RunResult of(Path dir, JsonNode summary, JsonNode runJson, List<SimulationLog.Request> requests,
            int injectors, List<String> extraFailures) {
        Map<String, String> labels = new TreeMap<>();
        runJson.path(LabelSet.RUN_JSON_KEY).fields().forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText()));
        int execution = runJson.path("execution").path("number").asInt(0);

        Map<String, Latency> operations = new LinkedHashMap<>();
        summary.path("operations").fields().forEachRemaining(e -> {
            Latency latency = Latency.of(e.getValue());
            if (latency.count() > 0) {
                operations.put(e.getKey(), latency);
            }
        });
        operations.put(OVERALL, Latency.of(summary.path("overall")));

        Map<String, Latency> readWrite = new LinkedHashMap<>();
        for (String side : List.of(READS, WRITES)) {
            if (summary.path(side).path("count").asLong() > 0) {
                readWrite.put(side, Latency.of(summary.path(side)));
            }
        }
        List<Double> perSecond = new ArrayList<>();
        String perSecondFigure = "";
        if (summary.path("perSecond").path("all").isArray() && !summary.path("perSecond").path("all").isEmpty()) {
            perSecondFigure = "p50";
            for (JsonNode second : summary.path("perSecond").path("all")) {
                JsonNode p50 = second.path("p50Ms");
                perSecond.add(p50.isNumber() && second.path("arrivals").asLong(1) > 0 ? p50.asDouble() : Double.NaN);
            }
        }
        if (requests != null && !requests.isEmpty()) {
            LatencyStats reads = new LatencyStats();
            LatencyStats writes = new LatencyStats();
            long first = requests.stream().mapToLong(SimulationLog.Request::startMillis).min().orElse(0);
            TreeMap<Integer, double[]> seconds = new TreeMap<>();
            for (SimulationLog.Request r : requests) {
                if (READ_OPERATIONS.contains(r.name())) {
                    reads.record(r.durationMillis(), r.ok(), r.message());
                } else if (WRITE_OPERATIONS.contains(r.name())) {
                    writes.record(r.durationMillis(), r.ok(), r.message());
                }
                double[] sum = seconds.computeIfAbsent((int) ((r.startMillis() - first) / 1000), k -> new double[2]);
                sum[0] += r.durationMillis();
                sum[1]++;
            }
            if (readWrite.isEmpty()) {
                if (reads.stats().count() > 0) {
                    readWrite.put(READS, Latency.of(reads.stats()));
                }
                if (writes.stats().count() > 0) {
                    readWrite.put(WRITES, Latency.of(writes.stats()));
                }
            }
            if (perSecond.isEmpty()) {
                perSecondFigure = "mean";
                for (int s = 0; s <= (seconds.isEmpty() ? -1 : seconds.lastKey()); s++) {
                    double[] sum = seconds.get(s);
                    perSecond.add(sum == null ? Double.NaN : Math.round(1000 * sum[0] / sum[1]) / 1000.0);
                }
            }
        }

        Map<String, Double> mongodb = new TreeMap<>();
        summary.path("server").fields().forEachRemaining(service -> service.getValue().fields().forEachRemaining(
                op -> mongodb.put(service.getKey() + "." + op.getKey(), op.getValue().path("meanUs").asDouble())));
        Map<String, Double> orchestrator = new TreeMap<>();
        summary.path("orchestrator").path("business").fields().forEachRemaining(
                op -> orchestrator.put(op.getKey(), op.getValue().path("meanUs").asDouble()));

        List<String> failures = new ArrayList<>(extraFailures == null ? List.of() : extraFailures);
        failures(summary, runJson).forEach(reason -> add(failures, reason));
        String database = runJson.path("database").asText("");
        boolean embedded = runJson.path("embeddedMongo").asBoolean(false) || database.contains("mongo-java-server");
        return new RunResult(dir, dir.getFileName().toString(), summary.path("label").asText(""), labels, execution,
                injectors, configuration(summary), failures, summary.path("targetRate").asDouble(),
                summary.path("achievedRate").asDouble(), operations, readWrite, mongodb, orchestrator, perSecond,
                perSecondFigure, embedded,
                runJson.path("machine").path("speed").path("loopbackRoundTripUs").asDouble(Double.NaN),
                runJson.path("machine").path("speed").path("systemCallNs").asDouble(Double.NaN),
                runJson.path("machineCpu").path("run").path("stealPct").asDouble(Double.NaN));
    }

    /** The configuration parameters of a summary, as text ("50", "read=0.5,update=0.2,…"). */
    static Map<String, String> configuration(JsonNode summary) {
        JsonNode p = summary.path("parameters");
        Map<String, String> c = new LinkedHashMap<>();
        c.put("rate", number(summary.path("targetRate").asText(null)));
        c.put("durationSeconds", number(summary.path("durationSeconds").asText(null)));
        c.put("rampSeconds", number(summary.path("rampSeconds").asText(null)));
        c.put("settleSeconds", number(summary.path("settleSeconds").asText(null)));
        c.put("arrivals", text(summary.path("arrivals")));
        c.put("mix", text(p.path("sut.mix")));
        String distribution = text(p.path("sut.distribution"));
        if ("hotspot".equals(distribution)) {
            distribution += "(" + number(p.path("sut.hotDataFraction").asText(null)) + "/"
                    + number(p.path("sut.hotOperationFraction").asText(null)) + ")";
        }
        c.put("distribution", distribution);
        c.put("records", number(p.path("sut.records").asText(null)));
        c.put("docBytes", number(p.path("sut.docBytes").asText(null)));
        c.put("connections", text(p.path("sut.connectionMode")));
        c.put("summaryFormat", number(summary.path("formatVersion").asText(null)));
        return c;
    }

    private static String text(JsonNode node) {
        return node.isMissingNode() || node.isNull() ? "?" : node.asText();
    }

    /**
     * Why a run failed: run.json's own verdict ({@code passed: false} and its {@code failures}), then the summary's
     * own verdict {@code status.reasons} (format 2); for a format-1 summary, which has none, from its figures:
     * errors over the run's --max-error-pct, an achieved rate under {@value #MIN_RATE_SHARE} of the target, a
     * reconciliation that is not clean.
     */
    static List<String> failures(JsonNode summary, JsonNode runJson) {
        List<String> reasons = new ArrayList<>();
        if (runJson.has("passed") && !runJson.path("passed").asBoolean(true)) {
            runJson.path("failures").forEach(f -> add(reasons, f.asText()));
            if (reasons.isEmpty()) {
                reasons.add("run.json says the run did not pass");
            }
        }
        JsonNode status = summary.path("status");
        if (status.isObject()) {
            // summary.json format 2 judges the run itself (errors, rate, lag, p99, reconciliation, audit)
            status.path("reasons").forEach(r -> add(reasons, r.asText()));
            if (!status.path("passed").asBoolean(true) && reasons.isEmpty()) {
                reasons.add("summary.json says the run did not pass");
            }
            return reasons;
        }
        if (summary.path("status").has("passed")) {
            // format 2 judges the run itself (errors, rate, lag, p99, reconciliation, audit): its reasons are the verdict
            return reasons;
        }
        double maxErrorPct = parse(summary.path("parameters").path("sut.maxErrorPct").asText(null), 1.0);
        double errorPct = Latency.of(summary.path("overall")).errorPct();
        if (errorPct > maxErrorPct) {
            add(reasons, String.format(Locale.ROOT, "errors %.2f %% over the run's --max-error-pct %s", errorPct,
                    number(maxErrorPct)));
        }
        double target = summary.path("targetRate").asDouble();
        double achieved = summary.path("achievedRate").asDouble();
        if (target > 0 && achieved < MIN_RATE_SHARE * target) {
            add(reasons, String.format(Locale.ROOT, "achieved rate %s/s is under 99 %% of the target %s/s",
                    number(achieved), number(target)));
        }
        JsonNode r = summary.path("reconciliation");
        long problems = 0;
        for (String field : List.of("missing", "mismatched", "unreadable", "partial", "auditMissing")) {
            problems += r.path(field).asLong(0);
        }
        if (problems > 0) {
            add(reasons, "reconciliation not clean: " + r.path("missing").asLong() + " missing, "
                    + r.path("mismatched").asLong() + " mismatched, " + r.path("unreadable").asLong()
                    + " unreadable, " + r.path("partial").asLong() + " partial, " + r.path("auditMissing").asLong()
                    + " audit events missing");
        }
        return reasons;
    }

    private static void add(List<String> reasons, String reason) {
        if (!reasons.contains(reason)) {
            reasons.add(reason);
        }
    }

    private static double parse(String value, double fallback) {
        if (value == null) {
            return fallback;
        }
        try {
            return Double.parseDouble(value);
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    /** {@code 50.0} as "50", {@code 0.25} as "0.25"; non-numbers as they are. */
    static String number(Object value) {
        if (value == null) {
            return "?";
        }
        try {
            double d = Double.parseDouble(value.toString());
            return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d)
                    : String.format(Locale.ROOT, "%s", d);
        } catch (NumberFormatException e) {
            return value.toString();
        }
    }
}
