package io.refsut.loadtest.compare;

import com.fasterxml.jackson.databind.JsonNode;
import io.refsut.loadtest.report.LatencyStats;
import io.refsut.loadtest.report.OperationStats;
import io.refsut.loadtest.report.ServerTiming;
import io.refsut.loadtest.report.SimulationLog;
import io.refsut.loadtest.report.Summary;
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
 * @param configuration  the parameters runs of one group must share ({@link #CONFIGURATION_KEYS})
 * @param failures       why the run failed; empty = passed
 * @param targetRate     planned arrivals per second
 * @param achievedRate   arrivals per second actually started
 * @param operations     client-side figures per business operation and {@value #OVERALL}
 * @param readWrite      client-side figures of reads and writes together ({@value #READS}, {@value #WRITES}),
 *                       empty when neither the simulation.log nor summary.json has them
 * @param mongodbMeanUs  mean time in MongoDB per {@code service.operation} (µs), from the services' timers
 * @param orchestratorMeanUs the orchestrator's own mean per business operation (µs)
 * @param perSecondMeanMs mean response time of the requests sent in each second of the run phase (empty when the
 *                       simulation.log is not there)
 * @param embeddedDatabase whether the run used the embedded MongoDB stand-in
 */
public record RunResult(Path dir, String name, String label, Map<String, String> labels, int execution,
        int injectors, Map<String, String> configuration, List<String> failures, double targetRate,
        double achievedRate, Map<String, OperationStats> operations, Map<String, OperationStats> readWrite,
        Map<String, Double> mongodbMeanUs, Map<String, Double> orchestratorMeanUs, List<Double> perSecondMeanMs,
        boolean embeddedDatabase) {

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
    public static final List<String> CONFIGURATION_KEYS = List.of("rate", "durationSeconds", "rampSeconds", "mix",
            "distribution", "records", "docBytes", "connections");

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
        perSecondMeanMs = perSecondMeanMs == null ? List.of() : List.copyOf(perSecondMeanMs);
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
     * The adapter: {@code summary} and {@code runJson} of one folder (the raw summary.json tree too, for fields of
     * newer summary formats), and the requests of its run-phase simulation.log files (null when absent).
     */
    public static RunResult of(Path dir, Summary summary, JsonNode summaryTree, JsonNode runJson,
            List<SimulationLog.Request> requests, int injectors, List<String> extraFailures) {
        Map<String, String> labels = new TreeMap<>();
        runJson.path(LabelSet.RUN_JSON_KEY).fields().forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText()));
        int execution = runJson.path("execution").path("number").asInt(0);

        Map<String, OperationStats> operations = new LinkedHashMap<>();
        summary.operations().forEach((op, stats) -> {
            if (stats.count() > 0) {
                operations.put(op, stats);
            }
        });
        operations.put(OVERALL, summary.overall());

        Map<String, OperationStats> readWrite = new LinkedHashMap<>();
        List<Double> perSecond = new ArrayList<>();
        if (requests != null && !requests.isEmpty()) {
            LatencyStats reads = new LatencyStats();
            LatencyStats writes = new LatencyStats();
            long first = requests.stream().mapToLong(SimulationLog.Request::startMillis).min().orElse(0);
            Map<Integer, double[]> seconds = new TreeMap<>();
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
            if (reads.stats().count() > 0) {
                readWrite.put(READS, reads.stats());
            }
            if (writes.stats().count() > 0) {
                readWrite.put(WRITES, writes.stats());
            }
            int last = seconds.isEmpty() ? -1 : ((TreeMap<Integer, double[]>) seconds).lastKey();
            for (int s = 0; s <= last; s++) {
                double[] sum = seconds.get(s);
                perSecond.add(sum == null ? Double.NaN : Math.round(1000 * sum[0] / sum[1]) / 1000.0);
            }
        }

        Map<String, Double> mongodb = new TreeMap<>();
        summary.server().forEach((service, ops) -> ops.forEach((op, t) -> mongodb.put(service + "." + op, t.meanUs())));
        Map<String, Double> orchestrator = new TreeMap<>();
        if (summary.orchestrator() != null && summary.orchestrator().business() != null) {
            summary.orchestrator().business().forEach((op, t) -> orchestrator.put(op, meanUs(t)));
        }

        List<String> failures = new ArrayList<>(extraFailures == null ? List.of() : extraFailures);
        failures.addAll(failures(summary, summaryTree, runJson));
        String database = runJson.path("database").asText("");
        boolean embedded = runJson.path("embeddedMongo").asBoolean(false) || database.contains("mongo-java-server");
        return new RunResult(dir, dir.getFileName().toString(), summary.label(), labels, execution, injectors,
                configuration(summary), failures, summary.targetRate(), summary.achievedRate(), operations, readWrite,
                mongodb, orchestrator, perSecond, embedded);
    }

    private static double meanUs(ServerTiming t) {
        return t.meanUs();
    }

    /** The configuration parameters of {@code summary}, as text ("50", "read=50,update=20,…"). */
    static Map<String, String> configuration(Summary summary) {
        Map<String, Object> p = summary.parameters();
        Map<String, String> c = new LinkedHashMap<>();
        c.put("rate", number(summary.targetRate()));
        c.put("durationSeconds", number(summary.durationSeconds()));
        c.put("rampSeconds", number(summary.rampSeconds()));
        c.put("mix", text(p.get("sut.mix")));
        String distribution = text(p.get("sut.distribution"));
        if ("hotspot".equals(distribution)) {
            distribution += "(" + number(p.get("sut.hotDataFraction")) + "/" + number(p.get("sut.hotOperationFraction"))
                    + ")";
        }
        c.put("distribution", distribution);
        c.put("records", number(p.get("sut.records")));
        c.put("docBytes", number(p.get("sut.docBytes")));
        c.put("connections", text(p.get("sut.connectionMode")));
        return c;
    }

    /**
     * Why a run failed: run.json's own verdict ({@code passed: false} and its {@code failures}), and, from the
     * summary, errors over the run's --max-error-pct, an achieved rate under {@value #MIN_RATE_SHARE} of the target,
     * a reconciliation that is not clean, and any failure reason a newer summary.json format states.
     */
    static List<String> failures(Summary summary, JsonNode summaryTree, JsonNode runJson) {
        List<String> reasons = new ArrayList<>();
        if (runJson.has("passed") && !runJson.path("passed").asBoolean(true)) {
            runJson.path("failures").forEach(f -> reasons.add(f.asText()));
            if (reasons.isEmpty()) {
                reasons.add("run.json says the run did not pass");
            }
        }
        JsonNode status = summaryTree.path("status");
        if (status.isObject() && status.has("reasons")) {
            status.path("reasons").forEach(r -> add(reasons, r.isTextual() ? r.asText() : r.path("reason").asText(r.toString())));
        }
        double maxErrorPct = parse(summary.parameters().get("sut.maxErrorPct"), 1.0);
        double errorPct = summary.overall().errorPct();
        if (errorPct > maxErrorPct) {
            add(reasons, String.format(Locale.ROOT, "errors %.2f %% over the run's --max-error-pct %s", errorPct,
                    number(maxErrorPct)));
        }
        if (summary.targetRate() > 0 && summary.achievedRate() < MIN_RATE_SHARE * summary.targetRate()) {
            add(reasons, String.format(Locale.ROOT, "achieved rate %s/s is under 99 %% of the target %s/s",
                    number(summary.achievedRate()), number(summary.targetRate())));
        }
        if (summary.reconciliation() != null && !summary.reconciliation().clean()) {
            add(reasons, "reconciliation not clean: " + summary.reconciliation().missing() + " missing, "
                    + summary.reconciliation().mismatched() + " mismatched");
        }
        return reasons;
    }

    private static void add(List<String> reasons, String reason) {
        if (!reasons.contains(reason)) {
            reasons.add(reason);
        }
    }

    private static double parse(Object value, double fallback) {
        if (value == null) {
            return fallback;
        }
        try {
            return Double.parseDouble(value.toString());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    private static String text(Object value) {
        return value == null ? "?" : value.toString();
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
