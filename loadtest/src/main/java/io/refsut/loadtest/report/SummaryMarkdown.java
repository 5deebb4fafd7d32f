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
        md.append("# Run summary: ").append(s.label()).append("\n\n");
        md.append(String.format(Locale.ROOT, "- Target rate **%s/s**, achieved **%s/s** over the %s s steady window",
                num(s.targetRate()), num(s.achievedRate()), num(s.durationSeconds())));
        if (s.rampSeconds() > 0) {
            md.append(" (after a ").append(num(s.rampSeconds())).append(" s ramp)");
        }
        md.append('\n');
        InjectorReport injector = s.injector();
        md.append(String.format(Locale.ROOT, "- Injector: %s; arrival lag mean %s ms, p99 %d ms, max %d ms; "
                        + "%d of %d planned arrivals sent%s\n",
                s.injectorFellBehind() ? "**FELL BEHIND**" : "on schedule", num(injector.meanLagMs()),
                injector.p99LagMs(), injector.maxLagMs(), injector.arrivals(), injector.plannedArrivals(),
                injector.reasons().isEmpty() ? "" : " (" + String.join("; ", injector.reasons()) + ")"));
        md.append(String.format(Locale.ROOT, "- Errors: %d of %d requests (%s %%)\n", s.totalErrors(),
                s.overall().count(), num(s.overall().errorPct())));
        Reconciliation r = s.reconciliation();
        md.append(String.format(Locale.ROOT, "- Reconciliation (%s): %s; checked %d, missing %d, mismatched %d, "
                        + "indeterminate %d\n", r.mode(), "off".equals(r.mode()) ? "not run" : r.clean() ? "clean" : "**LOSS**",
                r.checked(), r.missing(), r.mismatched(), r.indeterminate()));
        if (!r.examples().isEmpty()) {
            md.append("  - examples: ").append(String.join(", ", r.examples())).append('\n');
        }
        md.append("- Run start ").append(s.runStart()).append(", Gatling ").append(s.gatlingVersion())
                .append(", ").append(s.sources().size()).append(" simulation.log file(s)\n\n");

        md.append("## Response times seen by the client (ms)\n\n");
        md.append("Recomputed from simulation.log with HdrHistogram over every response (OK and KO); Gatling records "
                + "whole milliseconds, so that is the resolution.\n\n");
        md.append("| operation | count | errors | mean | p50 | p95 | p99 | p99.9 | max | errors by status |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        s.operations().forEach((name, stats) -> row(md, name, stats));
        row(md, "**overall**", s.overall());
        md.append('\n');

        if (!s.server().isEmpty()) {
            md.append("## Time in MongoDB measured by the services (µs)\n\n");
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
        md.append(String.format(Locale.ROOT, "| %s | %d | %d | %s | %d | %d | %d | %d | %d | %s |\n", name,
                s.count(), s.errors(), num(s.meanMs()), s.p50Ms(), s.p95Ms(), s.p99Ms(), s.p999Ms(), s.maxMs(),
                entries(s.errorsByStatus())));
    }

    private static void timingRow(StringBuilder md, String name, ServerTiming t) {
        md.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %s | %s | %s |\n", name, t.count(),
                num(t.meanUs()), num(t.p50Us()), num(t.p95Us()), num(t.p99Us()), entries(t.outcomes())));
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

    /** A number with at most one decimal ("12", "12.3"). */
    static String num(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        return String.format(Locale.ROOT, "%.1f", value);
    }
}
