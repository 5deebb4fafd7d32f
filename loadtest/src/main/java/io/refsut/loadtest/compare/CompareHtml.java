package io.refsut.loadtest.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * compare.html: one self-contained page (inline SVG and CSS, no script, nothing fetched) with the conclusion, per
 * operation bars at the median with min–max whiskers, latency over time per execution and the cost ranking.
 */
final class CompareHtml {

    private static final String[] COLOURS = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948",
        "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};
    private static final String[] DASHES = {"", "6 3", "2 2", "8 3 2 3", "1 3"};
    private static final int WIDTH = 540;
    private static final int HEIGHT = 280;
    private static final int LEFT = 60;
    private static final int RIGHT = 12;
    private static final int TOP = 30;
    private static final int BOTTOM = 40;

    private CompareHtml() {
    }

    static String render(Analysis a) {
        StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Comparison</title>\n")
                .append("<style>body{font-family:sans-serif;margin:20px;max-width:1200px}svg{margin:6px;"
                        + "border:1px solid #ddd;background:#fff}text{font-size:11px}.t{font-size:13px;"
                        + "font-weight:bold}table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ccc;"
                        + "padding:3px 8px;text-align:right}td:first-child,th:first-child{text-align:left}"
                        + ".rules{color:#444;font-size:13px}.c{font-size:15px;line-height:1.45}</style></head><body>\n")
                .append("<h1>Comparison</h1>\n");
        List<String> conclusion = CompareMarkdown.conclusionSentences(a);
        html.append("<p class=\"c\">").append(escape(conclusion.get(0))).append("</p>\n");
        if (conclusion.size() > 1) {
            html.append("<ul class=\"c\">");
            conclusion.subList(1, conclusion.size())
                    .forEach(sentence -> html.append("<li>").append(escape(sentence)).append("</li>"));
            html.append("</ul>\n");
        }
        html.append("<p>");
        List<Analysis.Group> groups = a.groups();
        for (int i = 0; i < groups.size(); i++) {
            Analysis.Group g = groups.get(i);
            html.append("<span style=\"color:").append(colour(i)).append("\">&#9632;</span> ")
                    .append(escape(g.display())).append(" (").append(g.passed().size()).append(" passed, ")
                    .append(g.failed().size()).append(" failed)&nbsp;&nbsp; ");
        }
        html.append("</p>\n<p class=\"rules\">").append(escape(CompareMarkdown.RULES.replace("**", "").replace("*", "")))
                .append("</p>\n<h2>Response time per operation (ms): bar = median, whisker = smallest to largest "
                        + "execution</h2>\n");
        for (String op : a.operations()) {
            html.append(bars(a, op)).append('\n');
        }
        html.append("<h2>Latency over time: response time per second of the run phase, one line per execution"
                + "</h2>\n<p class=\"rules\">Per second: the p50 of the requests intended in that second where "
                + "summary.json has a per-second series, else the mean of the requests sent in it (from "
                + "simulation.log); each chart's title says which.</p>\n");
        boolean anySeries = false;
        for (int i = 0; i < groups.size(); i++) {
            if (groups.get(i).passed().stream().anyMatch(r -> !r.perSecondMs().isEmpty())) {
                html.append(series(groups.get(i), i)).append('\n');
                anySeries = true;
            }
        }
        if (!anySeries) {
            html.append("<p>No per-second series: the run-phase simulation.log files are not in the results "
                    + "folders.</p>\n");
        }
        html.append("<h2>Cost ranking</h2>\n");
        List<Analysis.Cost> costs = a.costs();
        if (costs.isEmpty()) {
            html.append("<p>No configuration has a <code>price</code> label (<code>sut run --label-set "
                    + "price=&lt;per hour&gt;</code>).</p>\n");
        } else {
            html.append(costChart(costs, groups)).append('\n').append("<table><tr><th>configuration</th><th>price / h"
                    + "</th><th>monthly (730 h)</th><th>achieved ops/s</th><th>per million ops</th><th>overall p99 ms"
                    + "</th><th>p99 × price</th></tr>\n");
            for (Analysis.Cost c : costs) {
                html.append("<tr><td>").append(escape(c.group().display())).append("</td><td>")
                        .append(CompareMarkdown.money(c.pricePerHour())).append("</td><td>")
                        .append(CompareMarkdown.money(c.monthly())).append("</td><td>")
                        .append(CompareMarkdown.num(c.achievedRate())).append("</td><td>")
                        .append(CompareMarkdown.money(c.perMillion())).append("</td><td>")
                        .append(CompareMarkdown.num(c.p99Ms())).append("</td><td>")
                        .append(CompareMarkdown.num(c.p99TimesPrice())).append("</td></tr>\n");
            }
            html.append("</table>\n");
        }
        html.append("<h2>YCSB view</h2>\n<table><tr><th>configuration</th><th>mix</th><th>throughput ops/s</th>"
                + "<th>read avg</th><th>read p99</th><th>write avg</th><th>write p99</th></tr>\n");
        for (Analysis.Ycsb y : a.ycsb()) {
            html.append("<tr><td>").append(escape(y.group().display())).append("</td><td>").append(escape(y.mix()))
                    .append("</td><td>").append(y.throughput() == null ? "" : CompareMarkdown.num(y.throughput().median()))
                    .append("</td><td>").append(escape(CompareMarkdown.latency(y.readMeanMs()))).append("</td><td>")
                    .append(escape(CompareMarkdown.latency(y.readP99Ms()))).append("</td><td>")
                    .append(escape(CompareMarkdown.latency(y.writeMeanMs()))).append("</td><td>")
                    .append(escape(CompareMarkdown.latency(y.writeP99Ms()))).append("</td></tr>\n");
        }
        html.append("</table>\n");
        if (!a.failed().isEmpty()) {
            html.append("<h2>Failed executions (not aggregated)</h2>\n<ul>\n");
            for (Analysis.Group g : groups) {
                for (RunResult r : g.failed()) {
                    html.append("<li>").append(escape(g.display())).append(": ").append(escape(r.name())).append(" — ")
                            .append(escape(String.join("; ", r.failures()))).append("</li>\n");
                }
            }
            html.append("</ul>\n");
        }
        return html.append("</body></html>\n").toString();
    }

    /** Grouped bars for one operation: x = figure, one bar per group at the median, whisker min–max. */
    private static String bars(Analysis a, String op) {
        List<Analysis.Group> groups = a.groups();
        List<String> figures = new ArrayList<>(Analysis.FIGURES.keySet());
        Stat[][] stats = new Stat[figures.size()][groups.size()];
        double top = 0;
        for (int f = 0; f < figures.size(); f++) {
            for (int g = 0; g < groups.size(); g++) {
                stats[f][g] = groups.get(g).passed().isEmpty() ? null : a.stat(groups.get(g), op, figures.get(f));
                if (stats[f][g] != null) {
                    top = Math.max(top, stats[f][g].max());
                }
            }
        }
        top = niceCeiling(top);
        StringBuilder svg = open(op + " (ms)");
        axis(svg, top, "");
        int plotWidth = WIDTH - LEFT - RIGHT;
        int plotHeight = HEIGHT - TOP - BOTTOM;
        double slot = plotWidth / (double) figures.size();
        double bar = Math.min(28, slot * 0.8 / Math.max(1, groups.size()));
        for (int f = 0; f < figures.size(); f++) {
            double start = LEFT + slot * f + (slot - bar * groups.size()) / 2;
            for (int g = 0; g < groups.size(); g++) {
                Stat s = stats[f][g];
                if (s == null) {
                    continue;
                }
                double x = start + bar * g;
                double h = plotHeight * s.median() / top;
                double base = TOP + plotHeight;
                svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                        + "fill=\"%s\"><title>%s %s %s: median %s, range %s–%s, CV %s %%</title></rect>", x, base - h,
                        bar - 2, h, colour(g), escape(groups.get(g).display()), escape(op), figures.get(f),
                        CompareMarkdown.num(s.median()), CompareMarkdown.num(s.min()), CompareMarkdown.num(s.max()),
                        CompareMarkdown.num(s.cvPct())));
                double c = x + (bar - 2) / 2;
                double y1 = base - plotHeight * s.min() / top;
                double y2 = base - plotHeight * s.max() / top;
                svg.append(String.format(Locale.ROOT, "<path d=\"M%.1f %.1fV%.1fM%.1f %.1fh6M%.1f %.1fh6\" "
                        + "stroke=\"#222\" fill=\"none\"/>", c, y1, y2, c - 3, y1, c - 3, y2));
            }
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>",
                    LEFT + slot * f + slot / 2, HEIGHT - BOTTOM + 16, figures.get(f)));
        }
        return svg.append("</svg>").toString();
    }

    /** One group's executions: mean response time per second, one line each. */
    private static String series(Analysis.Group group, int colourIndex) {
        double top = 0;
        int seconds = 0;
        for (RunResult r : group.passed()) {
            for (double v : r.perSecondMs()) {
                if (!Double.isNaN(v)) {
                    top = Math.max(top, v);
                }
            }
            seconds = Math.max(seconds, r.perSecondMs().size());
        }
        top = niceCeiling(top);
        String figure = group.passed().stream().map(RunResult::perSecondFigure).filter(f -> !f.isEmpty())
                .findFirst().orElse("");
        StringBuilder svg = open(group.display() + ": " + figure + " ms per second");
        axis(svg, top, "");
        int plotWidth = WIDTH - LEFT - RIGHT;
        int plotHeight = HEIGHT - TOP - BOTTOM;
        double step = plotWidth / (double) Math.max(1, seconds - 1);
        int lineIndex = 0;
        for (RunResult r : group.passed()) {
            StringBuilder d = new StringBuilder();
            boolean pen = false;
            for (int s = 0; s < r.perSecondMs().size(); s++) {
                double v = r.perSecondMs().get(s);
                if (Double.isNaN(v)) {
                    pen = false;
                    continue;
                }
                d.append(String.format(Locale.ROOT, "%s%.1f %.1f", pen ? "L" : "M", LEFT + step * s,
                        TOP + plotHeight - plotHeight * v / top));
                pen = true;
            }
            String label = r.execution() > 0 ? "execution " + r.execution() : r.name();
            svg.append(String.format(Locale.ROOT, "<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" "
                    + "stroke-dasharray=\"%s\"><title>%s</title></path>", d, colour(colourIndex),
                    DASHES[lineIndex % DASHES.length], escape(label)));
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"%s\" "
                    + "stroke-dasharray=\"%s\"/><text x=\"%d\" y=\"%d\">%s</text>", LEFT + 10 + 120 * lineIndex,
                    LEFT + 34 + 120 * lineIndex, HEIGHT - 10, HEIGHT - 10, colour(colourIndex),
                    DASHES[lineIndex % DASHES.length], LEFT + 38 + 120 * lineIndex, HEIGHT - 6, escape(label)));
            lineIndex++;
        }
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%d s</text>",
                WIDTH - RIGHT, HEIGHT - BOTTOM + 14, Math.max(0, seconds - 1)));
        return svg.append("</svg>").toString();
    }

    /** Horizontal bars of p99 × price, lowest (best) first. */
    private static String costChart(List<Analysis.Cost> costs, List<Analysis.Group> groups) {
        double top = niceCeiling(costs.stream().mapToDouble(Analysis.Cost::p99TimesPrice).max().orElse(0));
        int rowHeight = 26;
        int height = TOP + rowHeight * costs.size() + 20;
        int labelWidth = 170;
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
                + "width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"cost ranking\"><text class=\"t\" x=\"10\" "
                + "y=\"18\">p99 (ms) × price per hour — lower is better</text>", WIDTH, height));
        int plotWidth = WIDTH - labelWidth - 60;
        for (int i = 0; i < costs.size(); i++) {
            Analysis.Cost c = costs.get(i);
            double w = plotWidth * c.p99TimesPrice() / top;
            int y = TOP + rowHeight * i;
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%d. %s</text>"
                    + "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/><text x=\"%.1f\" y=\"%d\">%s"
                    + "</text>", labelWidth - 6, y + 15, i + 1, escape(shorten(c.group().display())), labelWidth, y + 3,
                    w, rowHeight - 8, colour(groups.indexOf(c.group())), labelWidth + w + 4, y + 15,
                    CompareMarkdown.num(c.p99TimesPrice())));
        }
        return svg.append("</svg>").toString();
    }

    private static StringBuilder open(String title) {
        return new StringBuilder(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
                + "height=\"%d\" role=\"img\" aria-label=\"%s\"><text class=\"t\" x=\"%d\" y=\"18\">%s</text>", WIDTH,
                HEIGHT, escape(title), LEFT, escape(title)));
    }

    private static void axis(StringBuilder svg, double top, String unit) {
        int plotHeight = HEIGHT - TOP - BOTTOM;
        for (int tick = 0; tick <= 4; tick++) {
            double y = TOP + plotHeight - plotHeight * tick / 4.0;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>"
                    + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s%s</text>", LEFT, WIDTH - RIGHT, y, y,
                    tick == 0 ? "#999" : "#eee", LEFT - 4, y + 4, CompareMarkdown.num(top * tick / 4), unit));
        }
    }

    /** The smallest 1, 2 or 5 × 10^k at or above {@code value} (1 for zero). */
    static double niceCeiling(double value) {
        if (value <= 0) {
            return 1;
        }
        double magnitude = Math.pow(10, Math.floor(Math.log10(value)));
        for (double step : new double[] {1, 2, 5, 10}) {
            if (step * magnitude >= value * (1 - 1e-12)) {
                return step * magnitude;
            }
        }
        return 10 * magnitude;
    }

    private static String colour(int index) {
        return COLOURS[Math.max(0, index) % COLOURS.length];
    }

    private static String shorten(String text) {
        return text.length() > 26 ? text.substring(0, 25) + "…" : text;
    }

    static String escape(String text) {
        return text == null ? "" : text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                .replace("\"", "&quot;");
    }
}
