package io.refsut.loadtest.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * summary.html: the verdict, the response-time table and, per second of the measured window, a chart of the
 * response time (p50 and max of successful requests, and the window's p99) over arrivals and errors. Self-contained:
 * inline CSS and SVG, no script, no external resource, so it opens offline.
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
        String stealWarning = SummaryMarkdown.stealWarning(s);
        if (stealWarning != null) {
            h.append("<p class=\"failed\"><b>").append(esc(stealWarning)).append("</b></p>\n");
        }
        h.append("<h2>Response time of successful requests, from the intended start</h2>\n<table><tr><th>operation"
                + "</th><th>count</th><th>errors</th><th>mean</th><th>p50</th><th>p99</th><th>p99.9</th><th>max</th>"
                + "<th>service-time p50</th><th>service-time p99</th></tr>\n");
        s.operations().forEach((name, o) -> row(h, name, o));
        row(h, "reads", s.reads());
        row(h, "writes", s.writes());
        row(h, "overall", s.overall());
        h.append("</table>\n<h2>Per second of the measured window (all operations)</h2>\n");
        h.append(chart(s.perSecond().getOrDefault(Measurement.ALL, List.of()), s.overall().p99Ms()));
        h.append("<p>Lines: the response time of each second's successful requests, p50 (blue) and max (red), and "
                + "dashed the p99 of the whole window (orange); left axis. Bars: each second's arrivals (grey) and "
                + "failed arrivals (dark red); right axis. Each second's p99 is in summary.json.</p>\n");
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

    /**
     * The per-second chart: response time p50 (blue) and max (red) of each second, the measured window's p99 as a
     * dashed line (a second of fewer than 100 requests has its slowest as its p99, so a per-second p99 line would hide
     * under the max), over bars of arrivals and failed arrivals. Both axes end at round values, the arrivals' with
     * room above the highest bar so that full seconds read as bars, not as the background.
     */
    static String chart(List<SecondStats> seconds, double windowP99Ms) {
        int plotW = WIDTH - LEFT - RIGHT;
        int plotH = HEIGHT - TOP - BOTTOM;
        double highestMs = windowP99Ms;
        long highestCount = 0;
        for (SecondStats s : seconds) {
            highestMs = Math.max(highestMs, s.maxMs());
            highestCount = Math.max(highestCount, s.arrivals());
        }
        double maxMs = axisEnd(highestMs);
        double maxCount = axisEnd(Math.max(1, highestCount) * COUNT_HEADROOM);
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
            double bar = s.arrivals() / maxCount * plotH;
            long failed = s.errors().values().stream().mapToLong(Long::longValue).sum();
            double err = failed / maxCount * plotH;
            svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                    + "fill=\"#ddd\"/>", x, TOP + plotH - bar, Math.max(1, step - 1), bar));
            if (failed > 0) {
                svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                        + "fill=\"#800\"/>", x, TOP + plotH - err, Math.max(1, step - 1), err));
            }
            svg.append('\n');
        }
        // the window's p99 where one request succeeded, its label over the lines on a white halo
        boolean p99 = windowP99Ms > 0;
        double p99Y = TOP + plotH - windowP99Ms / maxMs * plotH;
        if (p99) {
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
                    + "stroke=\"#ff7f0e\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"/>\n", LEFT, p99Y,
                    LEFT + plotW, p99Y));
        }
        line(svg, seconds, step, plotH, maxMs, "#d62728", SecondStats::maxMs);
        line(svg, seconds, step, plotH, maxMs, "#1f77b4", SecondStats::p50Ms);
        if (p99) {
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" fill=\"#c55a00\" "
                    + "stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\">p99 of the window %s</text>\n",
                    LEFT + plotW - 4, p99Y - 4, esc(SummaryMarkdown.ms(windowP99Ms))));
        }
        for (int t = 0; t <= 4; t++) {
            double y = TOP + plotH - t * plotH / 4.0;
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>"
                    + "<text x=\"%d\" y=\"%.1f\">%s</text>\n", LEFT - 4, y + 4, esc(axisMs(maxMs * t / 4)),
                    LEFT + plotW + 4, y + 4, SummaryMarkdown.num(maxCount * t / 4)));
        }
        int labelEvery = Math.max(1, n / 10);
        for (int i = 0; i < seconds.size(); i += labelEvery) {
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d s</text>\n",
                    LEFT + (i + 0.5) * step, TOP + plotH + 16, seconds.get(i).second()));
        }
        return svg.append("</svg>\n").toString();
    }

    /** A label of the time axis: its round values without trailing zeros, in µs below 1 ms. */
    static String axisMs(double millis) {
        if (millis == 0) {
            return "0";
        }
        boolean micros = millis < 1;
        BigDecimal value = BigDecimal.valueOf(micros ? millis * 1000 : millis)
                .setScale(3, RoundingMode.HALF_UP).stripTrailingZeros();
        return value.toPlainString() + (micros ? " µs" : " ms");
    }

    /** The arrivals' axis ends at least this far above the highest bar. */
    static final double COUNT_HEADROOM = 1.2;

    /** Steps between the axes' five labels: 1, 1.5, 2, 2.5, 3, 4, 5 or 7.5 times a power of ten. */
    private static final double[] STEPS = {1, 1.5, 2, 2.5, 3, 4, 5, 7.5, 10};

    /** The end of an axis of four round steps that reaches {@code highest} (1 when there is nothing to show). */
    static double axisEnd(double highest) {
        if (!(highest > 0)) {
            return 1;
        }
        double quarter = highest / 4;
        double power = Math.pow(10, Math.floor(Math.log10(quarter)));
        for (double step : STEPS) {
            // a little tolerance, so that an exact round value is its own end (floating point of step * power)
            if (step * power >= quarter * (1 - 1e-9)) {
                return 4 * step * power;
            }
        }
        return 40 * power;
    }

    private static void line(StringBuilder svg, List<SecondStats> seconds, double step, int plotH, double maxMs,
            String colour, ToDoubleFunction<SecondStats> figure) {
        StringBuilder points = new StringBuilder();
        for (int i = 0; i < seconds.size(); i++) {
            points.append(String.format(Locale.ROOT, "%.1f,%.1f ", LEFT + (i + 0.5) * step,
                    TOP + plotH - figure.applyAsDouble(seconds.get(i)) / maxMs * plotH));
        }
        svg.append("<polyline fill=\"none\" stroke=\"").append(colour).append("\" stroke-width=\"1.5\" points=\"")
                .append(points.toString().trim()).append("\"/>\n");
    }

    private static String esc(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
