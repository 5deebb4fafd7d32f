package io.refsut.loadtest.reliability;

import io.refsut.loadtest.report.Fields;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes {@code report.json}, {@code report.md} and {@code timeline.html} (self-contained: inline SVG, no scripts)
 * of a reliability run. Field meanings: loadtest/README.md, section "sut reliability".
 */
final class ReliabilityReport {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ReliabilityReport() {
    }

    /** Writes the three files; returns whether every part passed. */
    static boolean write(Path dir, Map<String, Object> header, PartResult badInput, List<FaultPart.Outcome> faults,
            SoakPart.Outcome soak, List<String> problems) throws IOException {
        Map<String, Object> root = new LinkedHashMap<>(header);
        Map<String, Object> parts = new LinkedHashMap<>();
        if (badInput != null) {
            Map<String, Object> part = part(badInput.cases(), badInput.fiveXx(), badInput.lost(),
                    badInput.inconsistent(), badInput.passed());
            part.put("failures", badInput.failures());
            part.putAll(badInput.details());
            parts.put("badInput", part);
        }
        if (!faults.isEmpty()) {
            long cases = 0;
            long fiveXx = 0;
            long lost = 0;
            long inconsistent = 0;
            long compensated = 0;
            for (FaultPart.Outcome f : faults) {
                cases += f.cases();
                fiveXx += f.fiveXx();
                lost += f.consistency().lost();
                inconsistent += f.consistency().inconsistent();
                compensated += f.consistency().compensated();
            }
            Map<String, Object> part = part(cases, fiveXx, lost, inconsistent, faultsPassed(faults));
            part.put("compensated", compensated);
            parts.put("faults", part);
        }
        if (soak != null) {
            Map<String, Object> part = part(soak.cases(), soak.fiveXx(), soak.consistency().lost(),
                    soak.consistency().inconsistent(), soak.failed() == 0 && soak.consistency().lost() == 0
                            && soak.consistency().inconsistent() == 0);
            part.put("failed", soak.failed());
            part.put("firstMinuteP99Ms", round(soak.firstMinuteP99Ms()));
            part.put("lastMinuteP99Ms", round(soak.lastMinuteP99Ms()));
            part.put("p99DriftMs", round(soak.lastMinuteP99Ms() - soak.firstMinuteP99Ms()));
            Map<String, Object> trend = new LinkedHashMap<>();
            soak.perMinute().forEach((service, rows) -> trend.put(service, rows.stream().map(row -> Map.of(
                    "minute", (int) row[0], "rssMiB", round(row[1]), "heapAfterGcMiB", round(row[2]),
                    "openSockets", round(row[3]))).toList()));
            part.put("perMinute", trend);
            parts.put("soak", part);
        }
        root.put("parts", parts);
        List<Map<String, Object>> faultList = new ArrayList<>();
        for (FaultPart.Outcome f : faults) {
            faultList.add(fault(f));
        }
        root.put("faults", faultList);
        root.put("problems", problems);
        boolean passed = problems.isEmpty() && parts.values().stream()
                .allMatch(p -> Boolean.TRUE.equals(((Map<?, ?>) p).get("passed")));
        root.put("passed", passed);
        Files.createDirectories(dir);
        JSON.writeValue(dir.resolve("report.json").toFile(), root);
        Files.writeString(dir.resolve("report.md"), markdown(root, badInput, faults, soak), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("timeline.html"), html(header, faults), StandardCharsets.UTF_8);
        return passed;
    }

    static boolean faultsPassed(List<FaultPart.Outcome> faults) {
        return faults.stream().allMatch(f -> f.error() == null && f.consistency().lost() == 0
                && f.consistency().inconsistent() == 0 && f.recoverySeconds() >= 0 && f.timedOut() == 0);
    }

    private static Map<String, Object> part(long cases, long fiveXx, long lost, long inconsistent, boolean passed) {
        return Fields.ordered("cases", cases, "5xx", fiveXx, "lost", lost, "inconsistent", inconsistent,
                "passed", passed);
    }

    private static String warmupLine(FaultPart.Warmup w) {
        if (w.requests() == 0) {
            return "\nNo unmeasured load before it (--warmup-max 0).\n";
        }
        return String.format(Locale.ROOT, "%nBefore it, %.0f s of unmeasured load (%d requests, %d failed)%s.%n",
                w.seconds(), w.requests(), w.failed(), w.held() ? ", until the stack had held it for "
                        + FaultPart.QUIET_SECONDS + " s" : ": the stack did not hold the load within --warmup-max");
    }

    private static Map<String, Object> fault(FaultPart.Outcome f) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("fault", f.fault().id());
        m.put("description", f.fault().description);
        Map<String, Object> warmup = new LinkedHashMap<>();
        warmup.put("seconds", round(f.warmup().seconds()));
        warmup.put("requests", f.warmup().requests());
        warmup.put("failed", f.warmup().failed());
        warmup.put("held", f.warmup().held());
        m.put("warmup", warmup);
        m.put("cases", f.cases());
        m.put("5xx", f.fiveXx());
        m.put("failed", f.failed());
        m.put("timedOut", f.timedOut());
        m.put("failedBreakdown", f.failedBreakdown());
        m.put("failureP99Ms", round(f.failureP99Ms()));
        m.put("maxFailedMs", round(f.maxFailedMs()));
        m.put("recoverySeconds", round(f.recoverySeconds()));
        m.put("longestFailedSeconds", f.longestFailedSeconds());
        m.put("faultAtSecond", round(f.faultAtSecond()));
        m.put("backAtSecond", round(f.backAtSecond()));
        m.put("lost", f.consistency().lost());
        m.put("inconsistent", f.consistency().inconsistent());
        m.put("pending", f.consistency().pending());
        m.put("compensated", f.consistency().compensated());
        m.put("halfMadeAccounts", f.consistency().halfMadeAccounts());
        m.put("unbalancedAccounts", f.consistency().unbalancedAccounts());
        m.put("checkedAccounts", f.consistency().checkedAccounts());
        m.put("checkedPayments", f.consistency().checkedPayments());
        m.put("examples", f.consistency().examples());
        m.put("breakerTransitions", f.breakerTransitions());
        m.put("error", f.error());
        m.put("timeline", f.timeline().seconds().stream().map(s -> List.of(s.second(), s.requests(), s.failed(),
                round(s.p99Ms()))).toList());
        return m;
    }

    private static String markdown(Map<String, Object> root, PartResult badInput, List<FaultPart.Outcome> faults,
            SoakPart.Outcome soak) {
        StringBuilder md = new StringBuilder("# Reliability report\n\n");
        md.append("- started: ").append(root.get("startedAt")).append("\n- database: ").append(root.get("database"))
                .append("\n- command: `").append(root.get("command")).append("`\n- machine: ")
                .append(root.get("machineSummary")).append("\n- result: **")
                .append(Boolean.TRUE.equals(root.get("passed")) ? "passed" : "FAILED").append("**\n\n");
        md.append("| part | cases | 5xx | lost | inconsistent | passed |\n|---|---:|---:|---:|---:|---|\n");
        ((Map<?, ?>) root.get("parts")).forEach((name, value) -> {
            Map<?, ?> p = (Map<?, ?>) value;
            md.append("| ").append(name).append(" | ").append(p.get("cases")).append(" | ").append(p.get("5xx"))
                    .append(" | ").append(p.get("lost")).append(" | ").append(p.get("inconsistent")).append(" | ")
                    .append(p.get("passed")).append(" |\n");
        });
        if (badInput != null) {
            md.append("\n## Bad input\n\n").append(badInput.cases()).append(" distinct requests; answers by status: ")
                    .append(badInput.details().get("statuses")).append("; per kind: ")
                    .append(badInput.details().get("perKind")).append(".\n\nTLS versions the HTTPS port accepts "
                            + "(openssl s_client): ").append(badInput.details().get("tlsVersions")).append(".\n");
            if (!badInput.failures().isEmpty()) {
                md.append("\nWrong answers (first ").append(badInput.failures().size()).append("):\n\n");
                badInput.failures().forEach(f -> md.append("- ").append(f.replace("|", "\\|")).append('\n'));
            }
        }
        if (!faults.isEmpty()) {
            md.append("\n## Faults under constant load\n\n| fault | cases | failed | 5xx | timed out | failed p99 ms "
                    + "| recovery s | longest failed s | lost | inconsistent | pending | compensated |\n"
                    + "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
            for (FaultPart.Outcome f : faults) {
                md.append(String.format(Locale.ROOT, "| %s | %d | %d | %d | %d | %.0f | %s | %d | %d | %d | %d | %d |%n",
                        f.fault().id(), f.cases(), f.failed(), f.fiveXx(), f.timedOut(), f.failureP99Ms(),
                        f.recoverySeconds() < 0 ? "not recovered" : String.format(Locale.ROOT, "%.1f",
                                f.recoverySeconds()), f.longestFailedSeconds(), f.consistency().lost(),
                        f.consistency().inconsistent(), f.consistency().pending(), f.consistency().compensated()));
            }
            for (FaultPart.Outcome f : faults) {
                md.append("\n### ").append(f.fault().id()).append("\n\n").append(f.fault().description)
                        .append(String.format(Locale.ROOT, "; fault at %.1f s, back at %.1f s of the load.%n",
                                f.faultAtSecond(), f.backAtSecond()))
                        .append(warmupLine(f.warmup()));
                if (f.error() != null) {
                    md.append("\n**Scenario error:** ").append(f.error()).append('\n');
                }
                md.append("\nFailed requests by operation and by cause: ").append(f.failedBreakdown()).append("; breaker transitions: ")
                        .append(f.breakerTransitions().isEmpty() ? "none seen" : String.join("; ",
                                f.breakerTransitions())).append(".\n");
                if (!f.consistency().examples().isEmpty()) {
                    md.append("\nFindings:\n\n");
                    f.consistency().examples().forEach(e -> md.append("- ").append(e).append('\n'));
                }
            }
            md.append("\nTimelines: [timeline.html](timeline.html).\n");
        }
        if (soak != null) {
            md.append(String.format(Locale.ROOT, "%n## Soak%n%n%d requests, %d failed; p99 first minute %.1f ms, last "
                    + "minute %.1f ms (drift %.1f ms).%n%n| service | minute | RSS MiB | heap after GC MiB | open "
                    + "sockets |%n|---|---:|---:|---:|---:|%n", soak.cases(), soak.failed(), soak.firstMinuteP99Ms(),
                    soak.lastMinuteP99Ms(), soak.lastMinuteP99Ms() - soak.firstMinuteP99Ms()));
            soak.perMinute().forEach((service, rows) -> rows.forEach(row -> md.append(String.format(Locale.ROOT,
                    "| %s | %d | %.0f | %.1f | %.0f |%n", service, (int) row[0], row[1], row[2], row[3]))));
        }
        List<?> problems = (List<?>) root.get("problems");
        if (!problems.isEmpty()) {
            md.append("\n## Problems\n\n");
            problems.forEach(p -> md.append("- ").append(p).append('\n'));
        }
        return md.toString();
    }

    private static String html(Map<String, Object> header, List<FaultPart.Outcome> faults) {
        StringBuilder html = new StringBuilder("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>"
                + "Availability timeline</title><style>body{font-family:sans-serif;margin:2em}svg{background:#fafafa;"
                + "border:1px solid #ddd}.legend span{margin-right:1.5em}</style></head><body>"
                + "<h1>Availability timeline</h1><p>" + escape(String.valueOf(header.get("startedAt"))) + " — "
                + escape(String.valueOf(header.get("database"))) + "</p><p class=\"legend\"><span style=\"color:#999\">"
                + "■ requests/s</span><span style=\"color:#d62728\">■ failed/s</span><span style=\"color:#1f77b4\">"
                + "— p99 latency (right axis, ms, log scale)</span><span style=\"color:#2ca02c\">| fault, back</span>"
                + "</p>");
        for (FaultPart.Outcome f : faults) {
            html.append("<h2>").append(escape(f.fault().id())).append("</h2><p>").append(escape(f.fault().description))
                    .append(String.format(Locale.ROOT, " — longest failed run %d s, recovery %s, failed p99 %.0f ms"
                            + "</p>", f.longestFailedSeconds(), f.recoverySeconds() < 0 ? "not seen"
                                    : String.format(Locale.ROOT, "%.1f s", f.recoverySeconds()), f.failureP99Ms()))
                    .append(chart(f));
        }
        return html.append("</body></html>\n").toString();
    }

    private static String chart(FaultPart.Outcome f) {
        List<Timeline.Second> seconds = f.timeline().seconds();
        int width = 900;
        int height = 220;
        int left = 50;
        int right = 60;
        int bottom = 30;
        int top = 10;
        int n = Math.max(1, seconds.size());
        double step = (double) (width - left - right) / n;
        int maxRequests = Math.max(1, seconds.stream().mapToInt(Timeline.Second::requests).max().orElse(1));
        double maxLog = Math.log10(Math.max(10, seconds.stream().mapToDouble(Timeline.Second::p99Ms).max().orElse(10)));
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\">", width, height));
        double plot = height - top - bottom;
        StringBuilder line = new StringBuilder();
        for (Timeline.Second s : seconds) {
            double x = left + s.second() * step;
            double h = plot * s.requests() / maxRequests;
            double hf = plot * s.failed() / maxRequests;
            svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                    + "fill=\"#ccc\"><title>%d s: %d requests, %d failed, p99 %.0f ms</title></rect>", x,
                    top + plot - h, Math.max(1, step - 1), h, s.second(), s.requests(), s.failed(), s.p99Ms()));
            if (s.failed() > 0) {
                svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                        + "fill=\"#d62728\"/>", x, top + plot - hf, Math.max(1, step - 1), hf));
            }
            double y = top + plot - plot * Math.log10(Math.max(1, s.p99Ms())) / maxLog;
            line.append(line.length() == 0 ? "M" : "L").append(String.format(Locale.ROOT, "%.1f %.1f ",
                    x + step / 2, y));
        }
        svg.append("<path d=\"").append(line).append("\" stroke=\"#1f77b4\" fill=\"none\" stroke-width=\"1.5\"/>");
        for (double at : new double[] {f.faultAtSecond(), f.backAtSecond()}) {
            double x = left + at * step;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%.1f\" "
                    + "stroke=\"#2ca02c\" stroke-width=\"2\"/>", x, x, top, top + plot));
        }
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\">0 s</text><text x=\"%d\" "
                + "y=\"%d\" font-size=\"11\" text-anchor=\"end\">%d s</text><text x=\"5\" y=\"%d\" font-size=\"11\">"
                + "%d/s</text><text x=\"%d\" y=\"%d\" font-size=\"11\">%.0f ms</text><text x=\"%d\" y=\"%.0f\" "
                + "font-size=\"11\">1 ms</text>", left, height - 10, width - right, height - 10, n, top + 10,
                maxRequests, width - right + 5, top + 10, Math.pow(10, maxLog), width - right + 5, top + plot));
        return svg.append("</svg>").toString();
    }

    private static double round(double value) {
        return Math.round(value * 10) / 10.0;
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
