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
import java.util.Locale;
import java.util.Optional;

/**
 * Reads the run phase's request log(s) (and Gatling's simulation.log and report, for the run's metadata and a
 * cross-check), computes the summary, writes summary.json, summary.md and summary.html into the results folder.
 */
public final class ResultsWriter {

    static final String SUMMARY_JSON = "summary.json";
    static final String SUMMARY_MD = "summary.md";
    static final String SUMMARY_HTML = "summary.html";

    private ResultsWriter() {
    }

    /** Summarises one run phase into {@code outDir}; {@code requestLog} may be null (figures from simulation.log). */
    public static Summary write(Path outDir, Path gatlingRunDir, Path requestLog, RunContext ctx, ServerMetrics before,
            ServerMetrics after, Reconciliation reconciliation) throws IOException {
        return merge(outDir, List.of(gatlingRunDir), requestLog == null ? List.of() : List.of(requestLog), ctx, before,
                after, reconciliation);
    }

    /** One run phase without a request log (figures from simulation.log: response time = service time). */
    public static Summary write(Path outDir, Path gatlingRunDir, RunContext ctx, ServerMetrics before,
            ServerMetrics after, Reconciliation reconciliation) throws IOException {
        return write(outDir, gatlingRunDir, null, ctx, before, after, reconciliation);
    }

    /** {@link #merge(Path, List, List, RunContext, ServerMetrics, ServerMetrics, Reconciliation)} without request logs. */
    public static Summary merge(Path outDir, List<Path> gatlingRunDirs, RunContext ctx, ServerMetrics before,
            ServerMetrics after, Reconciliation reconciliation) throws IOException {
        return merge(outDir, gatlingRunDirs, List.of(), ctx, before, after, reconciliation);
    }

    /**
     * Summarises the run phase of several injectors (each folder holds one {@code simulation.log}; each injector
     * ran {@code ctx.targetRate() / n} arrivals per second) into one summary in {@code outDir}. The client-side
     * figures come from {@code requestLogs} when there is one per injector, else from the simulation.log files
     * (then the intended start is unknown: response time = service time, no lag).
     */
    public static Summary merge(Path outDir, List<Path> gatlingRunDirs, List<Path> requestLogs, RunContext ctx,
            ServerMetrics before, ServerMetrics after, Reconciliation reconciliation) throws IOException {
        if (gatlingRunDirs.isEmpty()) {
            throw new IOException("no simulation.log to summarise");
        }
        List<SimulationLog> logs = new ArrayList<>();
        List<String> sources = new ArrayList<>();
        Path base = outDir.toAbsolutePath().normalize();
        for (Path dir : gatlingRunDirs) {
            logs.add(SimulationLogReader.read(dir));
            Path log = Files.isDirectory(dir) ? dir.resolve("simulation.log") : dir;
            sources.add(base.relativize(log.toAbsolutePath().normalize()).toString());
        }
        List<RequestRecords> records = new ArrayList<>();
        List<String> requestSources = new ArrayList<>();
        if (!requestLogs.isEmpty() && requestLogs.size() == gatlingRunDirs.size()) {
            for (Path file : requestLogs) {
                records.add(RequestRecords.read(file));
                requestSources.add(base.relativize(file.toAbsolutePath().normalize()).toString());
            }
        } else {
            logs.forEach(log -> records.add(RequestRecords.fromSimulationLog(log)));
        }
        Summary summary = summarise(logs, sources, records, requestSources, ctx, ServerReport.diff(before, after),
                reconciliation == null ? Reconciliation.off() : reconciliation,
                gatlingRunDirs.size() == 1 && Files.isDirectory(gatlingRunDirs.get(0))
                        ? GatlingReport.read(gatlingRunDirs.get(0)) : Optional.empty());
        Files.createDirectories(outDir);
        SummaryJson.write(summary, outDir.resolve(SUMMARY_JSON));
        Files.writeString(outDir.resolve(SUMMARY_MD), summary.markdown(), StandardCharsets.UTF_8);
        Files.writeString(outDir.resolve(SUMMARY_HTML), SummaryHtml.render(summary), StandardCharsets.UTF_8);
        return summary;
    }

    /** Computes the summary from simulation.log alone (tests; no request log). */
    static Summary summarise(List<SimulationLog> logs, List<String> sources, RunContext ctx, ServerReport server,
            Reconciliation reconciliation, Optional<Map<String, GatlingReport.Row>> gatling) {
        return summarise(logs, sources, logs.stream().map(RequestRecords::fromSimulationLog).toList(), List.of(), ctx,
                server, reconciliation, gatling);
    }

    /** Computes the summary without touching the file system. */
    static Summary summarise(List<SimulationLog> logs, List<String> sources, List<RequestRecords> records,
            List<String> requestSources, RunContext ctx, ServerReport server, Reconciliation reconciliation,
            Optional<Map<String, GatlingReport.Row>> gatling) {
        double ramp = ctx.ramp().toMillis() / 1000.0;
        double settle = ctx.settle().toMillis() / 1000.0;
        double duration = ctx.duration().toMillis() / 1000.0;
        Measurement.Result m = Measurement.measure(records, ctx.operations(), ctx.targetRate(), ramp, settle, duration,
                ctx.arrivals());
        boolean intended = records.stream().allMatch(RequestRecords::fromRequestLog);

        List<String> notes = new ArrayList<>();
        if (intended) {
            notes.add("Client-side times come from the injector's request log (System.nanoTime, µs resolution). "
                    + "Response time runs from the arrival's intended start, service time from the actual send; "
                    + "both over successful requests only. Percentiles from HdrHistogram (3 significant digits: "
                    + "within 0.1 %), mean and max exact.");
        } else {
            notes.add("No request log: client-side times come from Gatling's simulation.log (whole milliseconds), "
                    + "the intended start is unknown, so response time = service time and the scheduling lag is "
                    + "not measured.");
        }
        notes.add("The measured window is " + SummaryMarkdown.num(duration) + " s of intended starts after the "
                + SummaryMarkdown.num(ramp) + " s ramp and the " + SummaryMarkdown.num(settle) + " s settle period; "
                + "those earlier arrivals are only in beforeWindow.");
        notes.add("Server-side percentiles are interpolated inside the services' histogram buckets (Micrometer's "
                + "default layout, about 1.1-1.4x apart, so up to ~30 % of the value); server means and counts are "
                + "exact.");
        if (logs.size() > 1) {
            notes.add("Merged from " + logs.size() + " injectors; each injector's window is taken on its own clock "
                    + "(its first arrival), so per-second series assume the injectors started close together.");
        }
        if (server.mongodb().isEmpty() && server.scraped().isEmpty()) {
            notes.add("No server-side metrics were scraped.");
        }
        Summary.GatlingReported reported = gatling
                .map(rows -> new Summary.GatlingReported(true, rows, GatlingReport.compare(rows,
                        LatencyStats.of(allRequests(logs)))))
                .orElseGet(() -> new Summary.GatlingReported(false, Map.of(), List.of()));

        Summary.Status status = status(ctx, m, logs.size());
        SimulationLog first = logs.get(0);
        long anchor = records.isEmpty() ? first.runStartMillis() : records.get(0).anchorEpochMillis();
        Summary.Window window = new Summary.Window(Instant.ofEpochMilli(m.windowStartEpochMillis()).toString(),
                Instant.ofEpochMilli(m.windowEndEpochMillis()).toString(), ctx.scrapes().getOrDefault("before", ""),
                ctx.scrapes().getOrDefault("after", ""));
        OperationStats overall = m.overall();
        return new Summary(Summary.FORMAT_VERSION, ctx.label(), status, Instant.ofEpochMilli(anchor).toString(),
                first.gatlingVersion(), first.simulationClass(), List.copyOf(sources), List.copyOf(requestSources),
                ctx.arrivals(), ctx.targetRate(), m.injector().achievedRate(), m.throughput(), duration, ramp, settle,
                window, new LinkedHashMap<>(ctx.warmup()), m.injector().fellBehind(), overall.errors(),
                Measurement.round3(overall.errorPct()), overall, m.operations(), m.reads(), m.writes(),
                m.beforeWindow(), m.perSecond(), server.mongodb(),
                new Summary.Orchestrator(server.business(), server.downstream(), server.partialTransactions()),
                server.settings(), new Summary.Scrape(server.scraped(), server.missing(), server.notes()),
                reconciliation, m.injector(), reported, new LinkedHashMap<>(ctx.parameters()), List.copyOf(notes));
    }

    /**
     * Every reason the run failed: the context's own, then the thresholds the figures broke. {@code injectors}
     * arrivals of shortfall are always tolerated: each injector's window starts on its own clock (its first arrival),
     * so one arrival per injector can fall either side of the window's edge.
     */
    static Summary.Status status(RunContext ctx, Measurement.Result m, int injectors) {
        List<String> reasons = new ArrayList<>(ctx.failures());
        RunContext.Thresholds t = ctx.thresholds();
        OperationStats overall = m.overall();
        InjectorReport injector = m.injector();
        if (overall.count() == 0) {
            reasons.add("no requests in the measured window");
        }
        if (overall.errorPct() > t.maxErrorPct()) {
            reasons.add(String.format(Locale.ROOT, "%d of %d requests failed (%s %%, limit %s %%)", overall.errors(),
                    overall.count(), SummaryMarkdown.num(overall.errorPct()), SummaryMarkdown.num(t.maxErrorPct())));
        }
        if (injector.shortfallPct() > t.maxRateShortfallPct()
                && injector.plannedArrivals() - injector.sentArrivals() > injectors) {
            reasons.add(String.format(Locale.ROOT, "achieved rate %s/s of %s/s: %d of %d planned arrivals sent in the "
                    + "window (shortfall %s %%, limit %s %%)", SummaryMarkdown.num(injector.achievedRate()),
                    SummaryMarkdown.num(ctx.targetRate()), injector.sentArrivals(), injector.plannedArrivals(),
                    SummaryMarkdown.num(injector.shortfallPct()), SummaryMarkdown.num(t.maxRateShortfallPct())));
        }
        if (injector.fellBehind()) {
            injector.reasons().forEach(reason -> reasons.add("injector fell behind: " + reason));
        }
        if (t.maxP99Ms() > 0 && overall.p99Ms() > t.maxP99Ms()) {
            reasons.add(String.format(Locale.ROOT, "p99 response time %s ms above the limit %s ms",
                    SummaryMarkdown.num(overall.p99Ms()), SummaryMarkdown.num(t.maxP99Ms())));
        }
        return new Summary.Status(reasons.isEmpty(), List.copyOf(reasons));
    }

    private static List<SimulationLog.Request> allRequests(List<SimulationLog> logs) {
        List<SimulationLog.Request> requests = new ArrayList<>();
        logs.forEach(log -> requests.addAll(log.requests()));
        return requests;
    }
}
