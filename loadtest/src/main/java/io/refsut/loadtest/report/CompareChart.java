package io.refsut.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A self-contained HTML page (inline SVG, no script, no network) with one bar chart per figure: a bar per
 * configuration at the mean over its executions, a whisker from the smallest to the largest execution.
 */
final class CompareChart {

    private static final int PANEL_WIDTH = 520;
    private static final int PANEL_HEIGHT = 260;
    private static final int MARGIN_LEFT = 60;
    private static final int MARGIN_BOTTOM = 70;
    private static final int MARGIN_TOP = 30;
    private static final String[] COLOURS = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948",
        "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};

    private CompareChart() {
    }

    /** Figures charted: overall and per-operation mean, p99 and max, then server-side mean per operation. */
    static List<String> chartedFigures(List<Comparison.Group> groups) {
        List<String> charted = new ArrayList<>();
        for (String figure : Comparison.figureNames(groups)) {
            if (figure.endsWith("Ms") || figure.endsWith(".meanUs")) {
                charted.add(figure);
            }
        }
        return charted;
    }

    static String html(List<Comparison.Group> groups) {
        StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Comparison</title>\n")
                .append("<style>body{font-family:sans-serif;margin:20px}svg{margin:8px;border:1px solid #ddd}"
                        + "text{font-size:11px}.t{font-size:13px;font-weight:bold}</style></head><body>\n")
                .append("<h1>Comparison</h1>\n<p>Bar: mean over the configuration's executions; whisker: smallest "
                        + "to largest execution. Client times in ms, server (MongoDB) times in µs.</p>\n<p>");
        for (int i = 0; i < groups.size(); i++) {
            html.append("<span style=\"color:").append(colour(i)).append("\">&#9632;</span> ")
                    .append(escape(groups.get(i).name())).append(" (n=").append(groups.get(i).executions().size())
                    .append(")&nbsp;&nbsp; ");
        }
        html.append("</p>\n");
        for (String figure : chartedFigures(groups)) {
            html.append(panel(figure, groups)).append('\n');
        }
        html.append("</body></html>\n");
        return html.toString();
    }

    private static String panel(String figure, List<Comparison.Group> groups) {
        double top = 0;
        for (Comparison.Group g : groups) {
            Comparison.Spread s = g.figures().get(figure);
            if (s != null) {
                top = Math.max(top, s.max());
            }
        }
        top = niceCeiling(top);
        int plotWidth = PANEL_WIDTH - MARGIN_LEFT - 10;
        int plotHeight = PANEL_HEIGHT - MARGIN_TOP - MARGIN_BOTTOM;
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "role=\"img\" aria-label=\"%s\">", PANEL_WIDTH, PANEL_HEIGHT, escape(figure)));
        svg.append(String.format(Locale.ROOT, "<text class=\"t\" x=\"%d\" y=\"18\">%s</text>", MARGIN_LEFT,
                escape(figure)));
        int baseline = MARGIN_TOP + plotHeight;
        for (int tick = 0; tick <= 4; tick++) {
            double value = top * tick / 4;
            double y = baseline - plotHeight * tick / 4.0;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" "
                    + "stroke=\"#eee\"/><text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>", MARGIN_LEFT,
                    MARGIN_LEFT + plotWidth, y, y, MARGIN_LEFT - 4, y + 4, SummaryMarkdown.num(value)));
        }
        double slot = plotWidth / (double) Math.max(1, groups.size());
        double barWidth = Math.min(60, slot * 0.6);
        for (int i = 0; i < groups.size(); i++) {
            Comparison.Spread s = groups.get(i).figures().get(figure);
            double x = MARGIN_LEFT + slot * i + (slot - barWidth) / 2;
            double centre = x + barWidth / 2;
            if (s != null && top > 0) {
                double height = plotHeight * s.mean() / top;
                svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                        + "fill=\"%s\"><title>%s: mean %s, min %s, max %s, CV %s %%</title></rect>", x,
                        baseline - height, barWidth, height, colour(i), escape(groups.get(i).name()),
                        SummaryMarkdown.num(s.mean()), SummaryMarkdown.num(s.min()), SummaryMarkdown.num(s.max()),
                        SummaryMarkdown.num(s.cvPct())));
                double yMin = baseline - plotHeight * s.min() / top;
                double yMax = baseline - plotHeight * s.max() / top;
                svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" "
                        + "stroke=\"#333\"/><line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#333\"/>"
                        + "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#333\"/>", centre, centre,
                        yMin, yMax, centre - 6, centre + 6, yMin, yMin, centre - 6, centre + 6, yMax, yMax));
            }
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"end\" "
                    + "transform=\"rotate(-30 %.1f %d)\">%s</text>", centre, baseline + 14, centre, baseline + 14,
                    escape(shorten(groups.get(i).name()))));
        }
        svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"#999\"/>",
                MARGIN_LEFT, MARGIN_LEFT + plotWidth, baseline, baseline));
        return svg.append("</svg>").toString();
    }

    /** The smallest 1, 2 or 5 × 10^k at or above {@code value} (1 for zero). */
    static double niceCeiling(double value) {
        if (value <= 0) {
            return 1;
        }
        double magnitude = Math.pow(10, Math.floor(Math.log10(value)));
        for (double step : new double[] {1, 2, 5, 10}) {
            if (step * magnitude >= value) {
                return step * magnitude;
            }
        }
        return 10 * magnitude;
    }

    private static String colour(int index) {
        return COLOURS[index % COLOURS.length];
    }

    private static String shorten(String text) {
        return text.length() > 24 ? text.substring(0, 23) + "…" : text;
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
