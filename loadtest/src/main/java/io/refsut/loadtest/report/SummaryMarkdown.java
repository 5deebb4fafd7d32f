package io.refsut.loadtest.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** Renders a {@link Summary} as Markdown tables. */
final class SummaryMarkdown {

    private SummaryMarkdown() {
    }

    static String render(Summary s) {
        StringBuilder md = new StringBuilder();
        md.append("# ").append(s.status().passed() ? "PASSED" : "FAILED").append(": run ").append(s.label())
                .append("\n\n");
        if (!s.status().passed()) {
            s.status().reasons().forEach(reason -> md.append("- **").append(reason).append("**\n"));
            md.append('\n');
        }
        md.append(String.format(Locale.ROOT, "- Target rate **%s/s** (%s arrivals), achieved **%s/s**, throughput "
                        + "%s successful/s over the %s s measured window", num(s.targetRate()), s.arrivals(),
                num(s.achievedRate()), num(s.throughput()), num(s.durationSeconds())));
        md.append(" (after a ").append(num(s.rampSeconds())).append(" s ramp and ").append(num(s.settleSeconds()))
                .append(" s settle; window ").append(s.window().start()).append(" – ").append(s.window().end())
                .append(")\n");
        InjectorReport injector = s.injector();
        md.append(String.format(Locale.ROOT, "- Injector: %s; scheduling lag mean %s, p99 %s, max %s; %d of %d "
                        + "arrivals later than %s; %d of %d planned arrivals sent in the window\n",
                s.injectorFellBehind() ? "**FELL BEHIND**" : "on schedule", ms(injector.meanLagMs()),
                ms(injector.p99LagMs()), ms(injector.maxLagMs()), injector.lateArrivals(), injector.plannedArrivals(),
                ms(injector.lateThresholdMs()), injector.sentArrivals(), injector.plannedArrivals()));
        md.append(String.format(Locale.ROOT, "- Errors: %d of %d requests (%s %%)%s\n", s.totalErrors(),
                s.overall().count(), num(s.errorPct()), s.overall().errorsByKind().isEmpty() ? ""
                        : ": " + entries(s.overall().errorsByKind())));
        Reconciliation r = s.reconciliation();
        md.append("- Reconciliation (").append(r.mode()).append("): ")
                .append("off".equals(r.mode()) ? "not run" : r.clean() ? "clean" : "**NOT CLEAN**").append("; ")
                .append(entries(r.counts())).append('\n');
        if (!r.auditNote().isEmpty()) {
            md.append("  - audit trail ").append(r.auditNote()).append('\n');
        }
        if (!r.examples().isEmpty()) {
            md.append("  - examples: ").append(String.join(", ", r.examples())).append('\n');
        }
        if (!s.warmup().isEmpty()) {
            md.append("- Warm-up: ").append(entries(s.warmup())).append('\n');
        }
        if (!s.window().scrapeBefore().isEmpty()) {
            md.append("- Server-side scrapes at ").append(s.window().scrapeBefore()).append(" and ")
                    .append(s.window().scrapeAfter()).append('\n');
        }
        md.append("- Run start ").append(s.runStart()).append(", Gatling ").append(s.gatlingVersion())
                .append(", ").append(s.sources().size()).append(" injector(s)\n");
        Object loopback = s.parameters().get(RunContext.MACHINE_LOOPBACK);
        if (loopback != null) {
            Map<String, Object> parameters = s.parameters();
            md.append("- Injector machine before the run: ").append(MachineFigures.text(loopback,
                    parameters.get(RunContext.MACHINE_SYSTEM_CALL), parameters.get(RunContext.MACHINE_CPU_LOOP)))
                    .append(" (run.json machine.speed; runs on machines that differ here are not comparable)\n");
        }
        Object steal = s.parameters().get(RunContext.MACHINE_RUN_STEAL_PCT);
        if (steal != null) {
            md.append("- Injector machine during the run phase (Gatling's start, ramp, settle and window; run.json "
                    + "machineCpu.run): ")
                    .append(MachineFigures.cpu(s.parameters().get(RunContext.MACHINE_RUN_BUSY_CORES), steal))
                    .append('\n');
        }
        md.append('\n');
        String stealWarning = stealWarning(s);
        if (stealWarning != null) {
            md.append("**").append(stealWarning).append("**\n\n");
        }

        md.append("## Response time: successful requests, from the intended start\n\n");
        md.append("The headline figure: what a user arriving on schedule waited. Failures are counted apart.\n\n");
        md.append("| operation | count | ok | errors | mean | p50 | p95 | p99 | p99.9 | max | errors by kind |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        s.operations().forEach((name, stats) -> row(md, name, stats));
        row(md, "**reads**", s.reads());
        row(md, "**writes**", s.writes());
        row(md, "**overall**", s.overall());
        md.append('\n');
        md.append("## Service time: successful requests, from the actual send\n\n");
        md.append("| operation | count | mean | p50 | p95 | p99 | p99.9 | max |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
        s.operations().forEach((name, stats) -> latencyRow(md, name, stats.serviceTime()));
        latencyRow(md, "**reads**", s.reads().serviceTime());
        latencyRow(md, "**writes**", s.writes().serviceTime());
        latencyRow(md, "**overall**", s.overall().serviceTime());
        md.append('\n');
        if (!s.overall().failures().isEmpty()) {
            md.append("## Failed requests by kind: response time\n\n");
            md.append("| operation | kind | count | mean | p50 | p95 | p99 | p99.9 | max |\n");
            md.append("|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
            s.operations().forEach((name, stats) -> stats.failures().forEach((kind, l) ->
                    latencyRow(md, name + " | " + kind, l)));
            md.append('\n');
        }
        OperationStats b = s.beforeWindow();
        md.append(String.format(Locale.ROOT, "Before the window (ramp and settle): %d requests, %d failed, p50 %s, "
                + "p99 %s, max %s.\n\n", b.count(), b.errors(), ms(b.p50Ms()), ms(b.p99Ms()), ms(b.maxMs())));

        if (!s.server().isEmpty()) {
            md.append("## Time in MongoDB measured by the services (µs)\n\n");
            md.append("Between the scrapes that bracket the measured window (the first up to 2 s ahead of it, at the "
                    + "end of the ramp and settle period, so that its own CPU burst stays off the window's first "
                    + "requests). Means are exact; percentiles are interpolated in histogram buckets and shown to two "
                    + "significant digits.\n\n");
            md.append("| service | operation | count | mean | p50 | p95 | p99 | outcomes |\n");
            md.append("|---|---|---:|---:|---:|---:|---:|---|\n");
            s.server().forEach((service, ops) -> ops.forEach((op, t) -> timingRow(md, service + " | " + op, t)));
            md.append('\n');
        }
        Summary.Orchestrator o = s.orchestrator();
        if (!o.business().isEmpty() || !o.downstream().isEmpty()) {
            md.append("## Orchestrator (µs)\n\n");
            md.append("| timer | name | count | mean | p50 | p95 | p99 | outcomes |\n");
            md.append("|---|---|---:|---:|---:|---:|---:|---|\n");
            o.business().forEach((op, t) -> timingRow(md, "business | " + op, t));
            o.downstream().forEach((call, t) -> timingRow(md, "downstream | " + call, t));
            md.append('\n');
            if (!o.partialTransactions().isEmpty()) {
                md.append("Partial transactions: ").append(entries(o.partialTransactions())).append("\n\n");
            }
        }
        if (!s.serverSettings().isEmpty()) {
            md.append("## Effective MongoDB settings (sut_mongodb_settings)\n\n");
            s.serverSettings().forEach((service, labels) ->
                    md.append("- ").append(service).append(": ").append(entries(labels)).append('\n'));
            md.append('\n');
        }
        if (!s.scrape().missing().isEmpty() || !s.scrape().notes().isEmpty()) {
            md.append("## Metrics scrape\n\n");
            s.scrape().missing().forEach((service, reason) ->
                    md.append("- ").append(service).append(" not scraped: ").append(reason).append('\n'));
            s.scrape().notes().forEach(note -> md.append("- ").append(note).append('\n'));
            md.append('\n');
        }

        md.append("## Gatling's own figures\n\n");
        md.append("Gatling's table covers every response of the run phase (OK and KO, ramp and settle included) in "
                + "whole ms from its send; it is compared with a recomputation of simulation.log on those terms, "
                + "not with the figures above.\n\n");
        Summary.GatlingReported g = s.gatlingReported();
        if (!g.available()) {
            md.append("No Gatling HTML report was read for this summary.\n\n");
        } else if (g.differences().isEmpty()) {
            md.append("Gatling's report agrees with every recomputed figure.\n\n");
        } else {
            md.append("Gatling's report differs from the recomputation in ").append(g.differences().size())
                    .append(" figure(s). Trust the recomputed ones: Gatling's report percentiles are approximations "
                            + "and its p95 has been understated since 3.13 (gatling/gatling#4715).\n\n");
            md.append("| operation | figure | recomputed | Gatling |\n|---|---|---:|---:|\n");
            for (GatlingReport.Difference d : g.differences()) {
                md.append("| ").append(d.operation()).append(" | ").append(d.figure()).append(" | ")
                        .append(num(d.recomputed())).append(" | ").append(num(d.gatling())).append(" |\n");
            }
            md.append('\n');
        }
        if (!s.notes().isEmpty()) {
            md.append("## Notes\n\n");
            s.notes().forEach(note -> md.append("- ").append(note).append('\n'));
            md.append('\n');
        }
        if (!s.parameters().isEmpty()) {
            md.append("## Parameters\n\n| parameter | value |\n|---|---|\n");
            s.parameters().forEach((k, v) -> md.append("| ").append(k).append(" | ").append(cell(v)).append(" |\n"));
        }
        return md.toString();
    }

    private static void row(StringBuilder md, String name, OperationStats s) {
        md.append(String.format(Locale.ROOT, "| %s | %d | %d | %d | %s | %s | %s | %s | %s | %s | %s |\n", name,
                s.count(), s.ok(), s.errors(), ms(s.meanMs()), pct(s.p50Ms()), pct(s.p95Ms()), pct(s.p99Ms()),
                pct(s.p999Ms()), ms(s.maxMs()), entries(s.errorsByKind())));
    }

    private static void latencyRow(StringBuilder md, String name, Latency l) {
        md.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %s | %s | %s | %s |\n", name, l.count(),
                ms(l.meanMs()), pct(l.p50Ms()), pct(l.p95Ms()), pct(l.p99Ms()), pct(l.p999Ms()), ms(l.maxMs())));
    }

    /**
     * A client-side percentile with the precision it has (HdrHistogram, 3 significant digits): µs below a
     * millisecond, else four significant digits ("12.35 ms", "1035 ms").
     */
    static String pct(double millis) {
        if (millis == 0 || millis < 1) {
            return ms(millis);
        }
        return new java.math.BigDecimal(millis).round(new java.math.MathContext(4)).stripTrailingZeros()
                .toPlainString() + " ms";
    }

    /**
     * A client-side time with the precision it has: µs below a millisecond ("850 µs"), else ms with µs
     * ("12.345 ms"); whole ms above ten seconds.
     */
    static String ms(double millis) {
        if (millis == 0) {
            return "0";
        }
        if (millis < 1) {
            return Math.round(millis * 1000) + " µs";
        }
        if (millis >= 10_000) {
            return Math.round(millis) + " ms";
        }
        return String.format(Locale.ROOT, "%.3f ms", millis);
    }

    private static void timingRow(StringBuilder md, String name, ServerTiming t) {
        md.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %s | %s | %s |\n", name, t.count(),
                num(t.meanUs()), sig2(t.p50Us()), sig2(t.p95Us()), sig2(t.p99Us()), entries(t.outcomes())));
    }

    private static String entries(Map<String, ?> map) {
        return map.entrySet().stream().map(e -> e.getKey() + "=" + cell(e.getValue()))
                .collect(Collectors.joining(", "));
    }

    private static String cell(Object value) {
        String text = value instanceof List<?> list
                ? list.stream().map(String::valueOf).collect(Collectors.joining(", "))
                : String.valueOf(value);
        return text.replace("|", "\\|").replace("\n", " ");
    }

    /** A server-side percentile to two significant digits: its histogram bucket is not finer than that. */
    static String sig2(double value) {
        if (value == 0) {
            return "0";
        }
        return new java.math.BigDecimal(value).round(new java.math.MathContext(2)).stripTrailingZeros()
                .toPlainString();
    }

    /**
     * The warning when the hypervisor took {@link MachineFigures#STEAL_WARNING_PCT} % or more of the CPU time the
     * injector machine's processes wanted during the run phase; null below that, or where it was not measured.
     */
    static String stealWarning(Summary s) {
        Object steal = s.parameters().get(RunContext.MACHINE_RUN_STEAL_PCT);
        if (!MachineFigures.stealWarns(steal)) {
            return null;
        }
        return "The hypervisor took " + steal + " % of the CPU time this machine's processes wanted during the run "
                + "phase: every process got less CPU than it asked for, which lengthens the tail. Compare these "
                + "figures only with runs whose steal was as high.";
    }

    /** A number with at most one decimal ("12", "12.3"). */
    static String num(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        return String.format(Locale.ROOT, "%.1f", value);
    }
}
