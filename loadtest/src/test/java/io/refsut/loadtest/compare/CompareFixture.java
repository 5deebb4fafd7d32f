package io.refsut.loadtest.compare;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.refsut.loadtest.report.PrometheusText;
import io.refsut.loadtest.report.Reconciliation;
import io.refsut.loadtest.report.ResultsWriter;
import io.refsut.loadtest.report.RunContext;
import io.refsut.loadtest.report.ServerMetrics;
import io.refsut.loadtest.report.SimulationLogWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Results folders written by the project's own code: a Gatling 3.15 binary simulation.log with exact response
 * times, summarised by {@link ResultsWriter} (with server scrapes parsed by {@link PrometheusText}), and a run.json
 * with the {@code labels} / {@code execution} / {@code injector} objects {@code sut run} records.
 */
final class CompareFixture {

    static final long T0 = 1_800_000_000_000L;
    /** 10 arrivals per second for 10 s: 50 read_account (even arrivals), 50 update_account (odd ones). */
    static final int RATE = 10;
    static final int SECONDS = 10;

    /**
     * The services' timers: accounts.find 5 ms, accounts.replace 3 ms, balances.find 2 ms, audit.insert 1 ms (means);
     * so read_account's MongoDB path is max(5, 2) = 5 ms and update_account's 5 + 3 + 1 = 9 ms.
     */
    static final String ACCOUNTS = """
            sut_mongodb_operation_seconds_bucket{collection="accounts",operation="find",outcome="success",le="+Inf"} 50
            sut_mongodb_operation_seconds_count{collection="accounts",operation="find",outcome="success"} 50
            sut_mongodb_operation_seconds_sum{collection="accounts",operation="find",outcome="success"} 0.25
            sut_mongodb_operation_seconds_bucket{collection="accounts",operation="replace",outcome="success",le="+Inf"} 50
            sut_mongodb_operation_seconds_count{collection="accounts",operation="replace",outcome="success"} 50
            sut_mongodb_operation_seconds_sum{collection="accounts",operation="replace",outcome="success"} 0.15
            """;
    static final String BALANCES = """
            sut_mongodb_operation_seconds_bucket{collection="balances",operation="find",outcome="success",le="+Inf"} 50
            sut_mongodb_operation_seconds_count{collection="balances",operation="find",outcome="success"} 50
            sut_mongodb_operation_seconds_sum{collection="balances",operation="find",outcome="success"} 0.1
            """;
    static final String AUDIT = """
            sut_mongodb_operation_seconds_bucket{collection="audit_events",operation="insert",outcome="success",le="+Inf"} 50
            sut_mongodb_operation_seconds_count{collection="audit_events",operation="insert",outcome="success"} 50
            sut_mongodb_operation_seconds_sum{collection="audit_events",operation="insert",outcome="success"} 0.05
            """;

    private final Path root;
    private String label = "m30";
    private Map<String, String> labels = new LinkedHashMap<>();
    private int execution;
    private Integer injector;
    private int injectors = 1;
    private String seed = "seed-1";
    private int docBytes = 512;
    private String mix = "read=50,update=50";
    private int failEvery;
    private double rate = RATE;
    private boolean server = true;
    private final Map<String, Object> machineSpeed = new LinkedHashMap<>();
    private Double runStealPct;

    CompareFixture(Path root) {
        this.root = root;
    }

    CompareFixture labels(String... pairs) {
        labels = LabelSet.parse(List.of(pairs));
        return this;
    }

    CompareFixture execution(int number) {
        execution = number;
        return this;
    }

    CompareFixture injector(int index, int of) {
        injector = index;
        injectors = of;
        return this;
    }

    CompareFixture docBytes(int bytes) {
        docBytes = bytes;
        return this;
    }

    CompareFixture mix(String text) {
        mix = text;
        return this;
    }

    /** One figure of run.json's {@code machine.speed}, e.g. {@code loopbackRoundTripUs} (none unless set). */
    CompareFixture machineSpeed(String figure, double value) {
        machineSpeed.put(figure, value);
        return this;
    }

    /** run.json's {@code machineCpu.run.stealPct} (none unless set). */
    CompareFixture runStealPct(double value) {
        runStealPct = value;
        return this;
    }

    CompareFixture seed(String text) {
        seed = text;
        return this;
    }

    /** Every {@code n}-th request fails (503). */
    CompareFixture failEvery(int n) {
        failEvery = n;
        return this;
    }

    CompareFixture noServer() {
        server = false;
        return this;
    }

    /**
     * Writes results folder {@code name}: reads take {@code readMs}, updates {@code updateMs} (whole ms, every one
     * the same, so mean = p50 = p99 = p99.9 = max).
     */
    Path write(String name, long readMs, long updateMs) throws IOException {
        Path dir = root.resolve(name);
        Path gatling = dir.resolve("gatling").resolve("run");
        Files.createDirectories(gatling);
        int perInjectorRate = (int) (rate / injectors);
        log(gatling.resolve("simulation.log"), perInjectorRate, readMs, updateMs);
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("sut.rate", Double.toString(rate / injectors));
        parameters.put("sut.durationSeconds", Integer.toString(SECONDS));
        parameters.put("sut.mix", io.refsut.loadtest.workload.Mix.parse(mix).describe());
        parameters.put("sut.distribution", "zipfian");
        parameters.put("sut.records", "1000");
        parameters.put("sut.docBytes", Integer.toString(docBytes));
        parameters.put("sut.connectionMode", "shared");
        parameters.put("sut.maxErrorPct", "1.0");
        RunContext ctx = new RunContext(label, rate / injectors, Duration.ofSeconds(SECONDS), Duration.ZERO,
                parameters, List.of("read_account", "update_account"));
        ServerMetrics before = ServerMetrics.of(Instant.EPOCH, Map.of(), Map.of());
        ServerMetrics after = server ? ServerMetrics.of(Instant.EPOCH, Map.of("accounts", PrometheusText.parse(ACCOUNTS),
                "balances", PrometheusText.parse(BALANCES), "audit", PrometheusText.parse(AUDIT)), Map.of()) : before;
        ResultsWriter.write(dir, gatling, ctx, before, after, new Reconciliation("full", 100, 0, 0, 0, List.of()));
        Map<String, Object> runJson = new LinkedHashMap<>();
        runJson.put("runId", name);
        runJson.put("seed", seed);
        runJson.put("mode", "local");
        runJson.put("database", "mongo-java-server (embedded, in memory)");
        runJson.put("embeddedMongo", true);
        runJson.put(LabelSet.RUN_JSON_KEY, labels);
        if (execution > 0) {
            runJson.put("execution", Map.of("number", execution, "of", 3));
        }
        if (injector != null) {
            runJson.put("injector", Map.of("index", injector, "of", injectors));
        }
        if (!machineSpeed.isEmpty()) {
            runJson.put("machine", Map.of("speed", machineSpeed));
        }
        if (runStealPct != null) {
            runJson.put("machineCpu", Map.of("run", Map.of("seconds", 70.2, "busyCores", 0.56, "stealCores", 0.14,
                    "stealPct", runStealPct)));
        }
        runJson.put("failures", List.of());
        runJson.put("passed", true);
        new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(dir.resolve("run.json").toFile(), runJson);
        return dir;
    }

    /** Arrival k at 10 + k·1000/rate ms: one request (even k read_account, odd k update_account). */
    private void log(Path file, int perSecond, long readMs, long updateMs) throws IOException {
        try (SimulationLogWriter log = SimulationLogWriter.open(file, "io.refsut.loadtest.simulation.RunSimulation",
                T0)) {
            for (int k = 0; k < perSecond * SECONDS; k++) {
                int at = 10 + k * 1000 / perSecond;
                boolean read = k % 2 == 0;
                boolean ok = failEvery == 0 || k % failEvery != 0;
                log.user(true, at);
                log.request(read ? "read_account" : "update_account", at, at + (read ? readMs : updateMs), ok,
                        ok ? "" : "status.find.in(200,201), found 503");
                log.user(false, at + Math.max(readMs, updateMs) + 1);
            }
        }
    }
}
