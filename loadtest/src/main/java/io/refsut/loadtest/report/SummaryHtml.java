package io.refsut.loadtest.report;

import java.util.List;
import java.util.Locale;

/**
 * summary.html: the verdict, the response-time table and, per second of the measured window, a chart of the
 * response time (p50, p99, max of successful requests) over arrivals and errors. Self-contained: inline CSS and SVG,
 * no script, no external resource, so it opens offline.
 */
final class SummaryHtml {

    private static final int WIDTH = 900;
    private static final int HEIGHT = 260;
    private static final int LEFT = 60;
    private static final int RIGHT = 60;
    private static final int TOP = 20;
    private static final int BOTTOM = 40;

    private SummaryHtml() {
    }

    static String render(Summary s) {
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(esc(s.status().passed() ? "PASSED" : "FAILED")).append(": run ").append(esc(s.label()))
                .append("</title>\n<style>body{font-family:sans-serif;margin:2em;color:#222}table{border-collapse:"
                        + "collapse;margin:1em 0}td,th{border:1px solid #bbb;padding:3px 8px;text-align:right}"
                        + "th:first-child,td:first-child{text-align:left}.failed{color:#b00}.passed{color:#080}"
                        + "svg text{font-size:11px}</style></head><body>\n");
        h.append("<h1 class=\"").append(s.status().passed() ? "passed" : "failed").append("\">")
                .append(esc(s.status().line())).append("</h1>\n");
        h.append("<p>Run <b>").append(esc(s.label())).append("</b>: target ").append(SummaryMarkdown.num(s.targetRate()))
                .append("/s (").append(esc(s.arrivals())).append(" arrivals), achieved ")
                .append(SummaryMarkdown.num(s.achievedRate())).append("/s over the ")
                .append(SummaryMarkdown.num(s.durationSeconds())).append(" s measured window ")
                .append(esc(s.window().start())).append(" – ").append(esc(s.window().end())).append("; errors ")
                .append(s.totalErrors()).append(" of ").append(s.overall().count()).append(".</p>\n");
        h.append("<h2>Response time of successful requests, from the intended start</h2>\n<table><tr><th>operation"
                + "</th><th>count</th><th>errors</th><th>mean</th><th>p50</th><th>p99</th><th>p99.9</th><th>max</th>"
                + "<th>service-time p50</th><th>service-time p99</th></tr>\n");
        s.operations().forEach((name, o) -> row(h, name, o));
        row(h, "reads", s.reads());
        row(h, "writes", s.writes());
        row(h, "overall", s.overall());
        h.append("</table>\n<h2>Per second of the measured window (all operations)</h2>\n");
        h.append(chart(s.perSecond().getOrDefault(Measurement.ALL, List.of())));
        h.append("<p>Lines: response time p50 (blue), p99 (orange), max (red), left axis, ms. Bars: arrivals (grey) "
                + "and failed arrivals (dark red), right axis.</p>\n");
        h.append("<p>The full figures are in summary.md and summary.json.</p>\n</body></html>\n");
        return h.toString();
    }

    private static void row(StringBuilder h, String name, OperationStats o) {
        h.append("<tr><td>").append(esc(name)).append("</td><td>").append(o.count()).append("</td><td>")
                .append(o.errors()).append("</td>");
        for (double v : new double[] {o.meanMs(), o.p50Ms(), o.p99Ms(), o.p999Ms(), o.maxMs(),
            o.serviceTime().p50Ms(), o.serviceTime().p99Ms()}) {
            h.append("<td>").append(esc(SummaryMarkdown.ms(v))).append("</td>");
        }
        h.append("</tr>\n");
    }

    static String chart(List<SecondStats> seconds) {
        int plotW = WIDTH - LEFT - RIGHT;
        int plotH = HEIGHT - TOP - BOTTOM;
        double maxMs = 1;
        long maxCount = 1;
        for (SecondStats s : seconds) {
            maxMs = Math.max(maxMs, s.maxMs());
            maxCount = Math.max(maxCount, s.arrivals());
        }
        int n = Math.max(1, seconds.size());
        double step = (double) plotW / n;
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "viewBox=\"0 0 %d %d\" role=\"img\">\n", WIDTH, HEIGHT, WIDTH, HEIGHT));
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                + "stroke=\"#999\"/>\n", LEFT, TOP, plotW, plotH));
        for (int i = 0; i < seconds.size(); i++) {
            SecondStats s = seconds.get(i);
            double x = LEFT + i * step;
            double bar = (double) s.arrivals() / maxCount * plotH;
            long failed = s.errors().values().stream().mapToLong(Long::longValue).sum();
            double err = (double) failed / maxCount * plotH;
            svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                    + "fill=\"#ddd\"/>", x, TOP + plotH - bar, Math.max(1, step - 1), bar));
            if (failed > 0) {
                svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                        + "fill=\"#800\"/>", x, TOP + plotH - err, Math.max(1, step - 1), err));
            }
            svg.append('\n');
        }
        line(svg, seconds, step, plotH, maxMs, "#1f77b4", 0);
        line(svg, seconds, step, plotH, maxMs, "#ff7f0e", 1);
        line(svg, seconds, step, plotH, maxMs, "#d62728", 2);
        for (int t = 0; t <= 4; t++) {
            double y = TOP + plotH - t * plotH / 4.0;
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>"
                    + "<text x=\"%d\" y=\"%.1f\">%s</text>\n", LEFT - 4, y + 4, esc(SummaryMarkdown.ms(maxMs * t / 4)),
                    LEFT + plotW + 4, y + 4, SummaryMarkdown.num(maxCount * t / 4.0)));
        }
        int labelEvery = Math.max(1, n / 10);
        for (int i = 0; i < seconds.size(); i += labelEvery) {
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d s</text>\n",
                    LEFT + (i + 0.5) * step, TOP + plotH + 16, seconds.get(i).second()));
        }
        return svg.append("</svg>\n").toString();
    }

    private static void line(StringBuilder svg, List<SecondStats> seconds, double step, int plotH, double maxMs,
            String colour, int which) {
        StringBuilder points = new StringBuilder();
        for (int i = 0; i < seconds.size(); i++) {
            SecondStats s = seconds.get(i);
            double v = which == 0 ? s.p50Ms() : which == 1 ? s.p99Ms() : s.maxMs();
            points.append(String.format(Locale.ROOT, "%.1f,%.1f ", LEFT + (i + 0.5) * step,
                    TOP + plotH - v / maxMs * plotH));
        }
        svg.append("<polyline fill=\"none\" stroke=\"").append(colour).append("\" stroke-width=\"1.5\" points=\"")
                .append(points.toString().trim()).append("\"/>\n");
    }

    private static String esc(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
