package io.refsut.loadtest.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads {@code <gatlingRunDir>/simulation.log} (and Gatling's own figures from the report's {@code index.html}),
 * computes the summary, writes summary.json and summary.md into the results folder.
 */
public final class ResultsWriter {

    static final String SUMMARY_JSON = "summary.json";
    static final String SUMMARY_MD = "summary.md";

    private ResultsWriter() {
    }

    /** Summarises one run-phase Gatling run folder into {@code outDir}; returns the summary written. */
    public static Summary write(Path outDir, Path gatlingRunDir, RunContext ctx, ServerMetrics before,
            ServerMetrics after, Reconciliation reconciliation) throws IOException {
        return merge(outDir, List.of(gatlingRunDir), ctx, before, after, reconciliation);
    }

    /**
     * Summarises the run-phase logs of several injectors (each folder holds one {@code simulation.log}; each
     * injector ran {@code ctx.targetRate() / n} arrivals per second) into one summary in {@code outDir}.
     * Response-time figures use every request of every log; injector lag is analysed per log and combined.
     * Gatling's own figures are compared only for a single log (each injector's report covers only itself).
     */
    public static Summary merge(Path outDir, List<Path> gatlingRunDirs, RunContext ctx, ServerMetrics before,
            ServerMetrics after, Reconciliation reconciliation) throws IOException {
        if (gatlingRunDirs.isEmpty()) {
            throw new IOException("no simulation.log to summarise");
        }
        List<SimulationLog> logs = new ArrayList<>();
        List<String> sources = new ArrayList<>();
        for (Path dir : gatlingRunDirs) {
            logs.add(SimulationLogReader.read(dir));
            Path log = Files.isDirectory(dir) ? dir.resolve("simulation.log") : dir;
            sources.add(outDir.toAbsolutePath().normalize().relativize(log.toAbsolutePath().normalize()).toString());
        }
        Summary summary = summarise(logs, sources, ctx, ServerReport.diff(before, after),
                reconciliation == null ? Reconciliation.off() : reconciliation,
                gatlingRunDirs.size() == 1 && Files.isDirectory(gatlingRunDirs.get(0))
                        ? GatlingReport.read(gatlingRunDirs.get(0)) : Optional.empty());
        Files.createDirectories(outDir);
        SummaryJson.write(summary, outDir.resolve(SUMMARY_JSON));
        Files.writeString(outDir.resolve(SUMMARY_MD), summary.markdown(), StandardCharsets.UTF_8);
        return summary;
    }

    /** Computes the summary of {@code logs} without touching the file system. */
    static Summary summarise(List<SimulationLog> logs, List<String> sources, RunContext ctx, ServerReport server,
            Reconciliation reconciliation, Optional<Map<String, GatlingReport.Row>> gatling) {
        List<SimulationLog.Request> requests = new ArrayList<>();
        logs.forEach(log -> requests.addAll(log.requests()));
        LatencyStats.Result stats = LatencyStats.of(requests);

        Map<String, OperationStats> operations = new LinkedHashMap<>();
        for (String name : ctx.operations()) {
            LatencyStats op = stats.operations().get(name);
            operations.put(name, op == null ? new LatencyStats().stats() : op.stats());
        }
        stats.operations().forEach((name, op) -> operations.putIfAbsent(name, op.stats()));
        OperationStats overall = stats.overall().stats();

        InjectorReport injector = injector(logs, ctx);
        List<String> notes = new ArrayList<>();
        notes.add("Client-side times are whole milliseconds (Gatling's resolution); HdrHistogram keeps them exactly "
                + "up to 2047 ms and within 0.1 % above. Server-side percentiles are interpolated inside the "
                + "services' histogram buckets.");
        if (!ctx.ramp().isZero()) {
            notes.add("Response times include the ramp; the achieved rate counts the steady window only.");
        }
        if (logs.size() > 1) {
            notes.add("Merged from " + logs.size() + " injectors; per-second arrivals are summed by second since each "
                    + "injector's own schedule start, so they assume the injectors' clocks and starts are close.");
        }
        if (server.mongodb().isEmpty() && server.scraped().isEmpty()) {
            notes.add("No server-side metrics were scraped.");
        }
        Summary.GatlingReported reported = gatling
                .map(rows -> new Summary.GatlingReported(true, rows, GatlingReport.compare(rows, stats)))
                .orElseGet(() -> new Summary.GatlingReported(false, Map.of(), List.of()));

        SimulationLog first = logs.get(0);
        long runStart = logs.stream().mapToLong(SimulationLog::runStartMillis).min().orElse(0);
        return new Summary(Summary.FORMAT_VERSION, ctx.label(), Instant.ofEpochMilli(runStart).toString(),
                first.gatlingVersion(), first.simulationClass(), List.copyOf(sources), ctx.targetRate(),
                round(injector.achievedRate(), 3), ctx.duration().toMillis() / 1000.0, ctx.ramp().toMillis() / 1000.0,
                injector.fellBehind(), overall.errors(), rounded(overall), roundedAll(operations), server.mongodb(),
                new Summary.Orchestrator(server.business(), server.downstream(), server.partialTransactions()),
                server.settings(), new Summary.Scrape(server.scraped(), server.missing(), server.notes()),
                reconciliation, injector, reported, new LinkedHashMap<>(ctx.parameters()), List.copyOf(notes));
    }

    /** Arrivals are the run's user starts (one user per arrival in the open model), else its request starts. */
    static InjectorReport injector(List<SimulationLog> logs, RunContext ctx) {
        double rampSeconds = ctx.ramp().toMillis() / 1000.0;
        double durationSeconds = ctx.duration().toMillis() / 1000.0;
        if (ctx.targetRate() <= 0) {
            return new InjectorReport(0, 0, 0, durationSeconds, 0, 0, 0, 0, 100, 0, List.of(), List.of(), false,
                    List.of());
        }
        InjectorLag lag = new InjectorLag(ctx.targetRate() / logs.size(), rampSeconds, durationSeconds);
        List<InjectorReport> reports = new ArrayList<>();
        for (SimulationLog log : logs) {
            long[] arrivals = log.userStarts(null);
            long[] sends = log.requestStarts();
            reports.add(arrivals.length > 0 ? lag.analyse(arrivals, sends) : lag.analyse(sends, null));
        }
        return reports.size() == 1 ? round(reports.get(0)) : round(combine(reports));
    }

    private static InjectorReport combine(List<InjectorReport> reports) {
        long arrivals = 0;
        long planned = 0;
        double achieved = 0;
        double lagSum = 0;
        long p99 = 0;
        long max = 0;
        long late = 0;
        double worst = 100;
        long sendDelay = 0;
        List<Long> perSecond = new ArrayList<>();
        List<Double> plannedPerSecond = new ArrayList<>();
        List<String> reasons = new ArrayList<>();
        for (int i = 0; i < reports.size(); i++) {
            InjectorReport r = reports.get(i);
            arrivals += r.arrivals();
            planned += r.plannedArrivals();
            achieved += r.achievedRate();
            lagSum += r.meanLagMs() * r.arrivals();
            p99 = Math.max(p99, r.p99LagMs());
            max = Math.max(max, r.maxLagMs());
            late += r.lateArrivals();
            worst = Math.min(worst, r.worstSecondPct());
            sendDelay = Math.max(sendDelay, r.sendDelayP99Ms());
            for (int s = 0; s < r.perSecond().size(); s++) {
                if (s == perSecond.size()) {
                    perSecond.add(0L);
                    plannedPerSecond.add(0.0);
                }
                perSecond.set(s, perSecond.get(s) + r.perSecond().get(s));
                plannedPerSecond.set(s, plannedPerSecond.get(s) + r.plannedPerSecond().get(s));
            }
            for (String reason : r.reasons()) {
                reasons.add("injector " + (i + 1) + ": " + reason);
            }
        }
        return new InjectorReport(arrivals, planned, achieved, reports.get(0).steadySeconds(),
                arrivals == 0 ? 0 : lagSum / arrivals, p99, max, late, worst, sendDelay, perSecond, plannedPerSecond,
                !reasons.isEmpty(), reasons);
    }

    private static InjectorReport round(InjectorReport r) {
        return new InjectorReport(r.arrivals(), r.plannedArrivals(), round(r.achievedRate(), 3), r.steadySeconds(),
                round(r.meanLagMs(), 3), r.p99LagMs(), r.maxLagMs(), r.lateArrivals(), round(r.worstSecondPct(), 3),
                r.sendDelayP99Ms(), r.perSecond(), r.plannedPerSecond().stream().map(v -> round(v, 3)).toList(),
                r.fellBehind(), r.reasons());
    }

    private static Map<String, OperationStats> roundedAll(Map<String, OperationStats> operations) {
        Map<String, OperationStats> result = new LinkedHashMap<>();
        operations.forEach((name, stats) -> result.put(name, rounded(stats)));
        return result;
    }

    private static OperationStats rounded(OperationStats s) {
        return new OperationStats(s.count(), s.errors(), s.errorsByStatus(), round(s.meanMs(), 3), s.p50Ms(),
                s.p95Ms(), s.p99Ms(), s.p999Ms(), s.maxMs());
    }

    static double round(double value, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(value * scale) / scale;
    }
}
