package io.refsut.loadtest.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** summary.html's per-second chart: what is drawn, against which axis. */
class SummaryHtmlTest {

    /** Plot area of the chart: y from 20 (top) to 220 (bottom). */
    private static final double TOP = 20;
    private static final double BOTTOM = 220;

    @Test
    void axesEndAtRoundValuesAboveTheHighestFigure() {
        assertEquals(60, SummaryHtml.axisEnd(56.543), 1e-9);
        assertEquals(60, SummaryHtml.axisEnd(50 * SummaryHtml.COUNT_HEADROOM), 1e-9);
        assertEquals(6, SummaryHtml.axisEnd(5 * SummaryHtml.COUNT_HEADROOM), 1e-9);
        assertEquals(40, SummaryHtml.axisEnd(40), 1e-9);
        assertEquals(0.4, SummaryHtml.axisEnd(0.37), 1e-9);
        assertEquals(1200, SummaryHtml.axisEnd(1000 * SummaryHtml.COUNT_HEADROOM), 1e-9);
        assertEquals(1, SummaryHtml.axisEnd(0));
        for (double highest = 0.01; highest < 1e6; highest *= 1.37) {
            double end = SummaryHtml.axisEnd(highest);
            assertTrue(end >= highest && end <= highest * 2.5, highest + " -> " + end);
        }
    }

    @Test
    void timeAxisLabelsAreShort() {
        assertEquals("0", SummaryHtml.axisMs(0));
        assertEquals("15 ms", SummaryHtml.axisMs(15));
        assertEquals("2.5 ms", SummaryHtml.axisMs(2.5));
        assertEquals("1200 ms", SummaryHtml.axisMs(1200));
        assertEquals("100 µs", SummaryHtml.axisMs(0.1));
        assertEquals("37.5 µs", SummaryHtml.axisMs(0.0375));
    }

    @Test
    void fullSecondsAreBarsBelowTheTopAndTheWindowP99IsADashedLine() {
        List<SecondStats> seconds = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            // 50 arrivals a second; second 7 has 2 failures and a slow request
            seconds.add(new SecondStats(i, 50, 50, i == 7 ? Map.of("timeout", 2L) : Map.of(), 5.0, i == 7 ? 50 : 20,
                    i == 7 ? 56.5 : 21.0));
        }
        String svg = SummaryHtml.chart(seconds, 27.6);

        List<double[]> bars = rects(svg, "#ddd");
        assertEquals(60, bars.size());
        for (double[] bar : bars) {
            // 50 of an axis of 60: five sixths of the plot's 200 px, the top sixth left free
            assertEquals(BOTTOM - 200.0 * 50 / 60, bar[0], 0.1);
            assertTrue(bar[0] > TOP + 30, "a full second must not fill the plot: " + bar[0]);
        }
        List<double[]> failed = rects(svg, "#800");
        assertEquals(1, failed.size());
        assertEquals(200.0 * 2 / 60, failed.get(0)[1], 0.1);

        // left axis 0-60 ms: the window's p99 (27.6 ms) dashed across the plot, labelled
        Matcher dashed = Pattern.compile("<line x1=\"60\" y1=\"([0-9.]+)\" x2=\"840\" y2=\"\\1\" stroke=\"#ff7f0e\" "
                + "stroke-width=\"1.5\" stroke-dasharray=\"6 4\"/>").matcher(svg);
        assertTrue(dashed.find(), svg);
        assertEquals(BOTTOM - 200 * 27.6 / 60, Double.parseDouble(dashed.group(1)), 0.1);
        assertTrue(svg.contains(">p99 of the window 27.600 ms</text>"), svg);
        for (String label : List.of(">0<", ">15 ms<", ">30 ms<", ">45 ms<", ">60 ms<", ">15<", ">30<", ">45<",
                ">60<")) {
            assertTrue(svg.contains(label), label + " in " + svg);
        }

        // two per-second lines: max (red) with second 7 at 56.5 ms, p50 (blue) flat at 5 ms; no per-second p99
        assertEquals(2, count(svg, "<polyline "));
        assertFalse(svg.contains("<polyline fill=\"none\" stroke=\"#ff7f0e\""), svg);
        List<double[]> max = points(svg, "#d62728");
        assertEquals(60, max.size());
        assertEquals(BOTTOM - 200 * 56.5 / 60, max.get(7)[1], 0.1);
        assertEquals(BOTTOM - 200 * 21.0 / 60, max.get(8)[1], 0.1);
        assertTrue(points(svg, "#1f77b4").stream().allMatch(p -> Math.abs(p[1] - (BOTTOM - 200 * 5.0 / 60)) < 0.1));
    }

    @Test
    void aWindowWithoutSecondsStillDrawsItsAxes() {
        String svg = SummaryHtml.chart(List.of(), 0);
        assertTrue(svg.startsWith("<svg") && svg.trim().endsWith("</svg>"), svg);
        assertTrue(rects(svg, "#ddd").isEmpty());
        assertFalse(svg.contains("NaN") || svg.contains("Infinity"), svg);
        assertFalse(svg.contains("p99 of the window") || svg.contains("stroke-dasharray"),
                "no successful request, no p99 line: " + svg);
    }

    /** y and height of every rectangle of this fill. */
    private static List<double[]> rects(String svg, String fill) {
        Matcher m = Pattern.compile("<rect x=\"[0-9.]+\" y=\"([0-9.]+)\" width=\"[0-9.]+\" height=\"([0-9.]+)\" fill=\""
                + fill + "\"/>").matcher(svg);
        List<double[]> found = new ArrayList<>();
        while (m.find()) {
            found.add(new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2))});
        }
        return found;
    }

    /** The points of the polyline of this colour. */
    private static List<double[]> points(String svg, String colour) {
        Matcher m = Pattern.compile("<polyline fill=\"none\" stroke=\"" + colour + "\" stroke-width=\"1.5\" "
                + "points=\"([^\"]*)\"/>").matcher(svg);
        assertTrue(m.find(), colour + " in " + svg);
        List<double[]> found = new ArrayList<>();
        for (String point : m.group(1).split(" ")) {
            String[] xy = point.split(",");
            found.add(new double[] {Double.parseDouble(xy[0]), Double.parseDouble(xy[1])});
        }
        return found;
    }

    private static int count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }
}
