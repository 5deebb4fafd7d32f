package io.refsut.loadtest.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Gatling's own figures, read from the statistics table of the HTML report's {@code index.html} (Gatling 3.15
 * writes no {@code stats.json}; the table is the only place its computed figures are kept), and the comparison
 * with the figures recomputed from {@code simulation.log}.
 */
public final class GatlingReport {

    /** Name Gatling gives the all-requests row. */
    public static final String ALL_REQUESTS = "All Requests";

    private static final Pattern HEADER = Pattern.compile(
            "<th id=\"col-(\\d+)\"[^>]*>\\s*<span>(?:<abbr[^>]*>)?([^<]+)");
    private static final Pattern ROW = Pattern.compile("<tr id=\"[^\"]*\"[^>]*>(.*?)</tr>", Pattern.DOTALL);
    private static final Pattern NAME = Pattern.compile("class=\"ellipsed-name\">([^<]*)</span>");
    private static final Pattern CELL = Pattern.compile("<td class=\"value [a-z]+ col-(\\d+)\">([^<]*)</td>");
    private static final Pattern PERCENTILE = Pattern.compile("(\\d+(?:\\.\\d+)?)(?:st|nd|rd|th) pct");

    /** One row of Gatling's table: counts, mean, max (ms) and the percentiles it shows, keyed "50", "95", "99.9". */
    public record Row(long count, long errors, long meanMs, long maxMs, Map<String, Long> percentilesMs) {
    }

    /** One figure where Gatling's report and the recomputation disagree. */
    public record Difference(String operation, String figure, double recomputed, double gatling) {
    }

    /** Gatling's figures per request name (plus {@link #ALL_REQUESTS}) and where they differ from ours. */
    public record Comparison(Map<String, Row> rows, List<Difference> differences) {
    }

    private GatlingReport() {
    }

    /** Reads {@code runDir/index.html}; empty when there is no report (e.g. Gatling ran with {@code -nr}). */
    public static Optional<Map<String, Row>> read(Path runDir) throws IOException {
        Path index = runDir.resolve("index.html");
        if (!Files.isRegularFile(index)) {
            return Optional.empty();
        }
        return Optional.of(parse(Files.readString(index, StandardCharsets.UTF_8)));
    }

    /** Parses the statistics table of a Gatling 3.15 {@code index.html}. */
    static Map<String, Row> parse(String html) {
        Map<Integer, String> columns = new TreeMap<>();
        Matcher header = HEADER.matcher(html);
        while (header.find()) {
            columns.put(Integer.parseInt(header.group(1)), header.group(2).strip());
        }
        Map<String, Row> rows = new LinkedHashMap<>();
        int start = html.indexOf("id=\"container_statistics_head\"");
        if (start < 0 || columns.isEmpty()) {
            return rows;
        }
        int body = html.indexOf("id=\"container_statistics_body\"", start);
        int end = body < 0 ? -1 : html.indexOf("</table>", body);
        Matcher row = ROW.matcher(html.substring(start, end < 0 ? html.length() : end));
        while (row.find()) {
            Matcher name = NAME.matcher(row.group(1));
            if (!name.find()) {
                continue;
            }
            long count = 0;
            long errors = 0;
            long mean = 0;
            long max = 0;
            Map<String, Long> percentiles = new LinkedHashMap<>();
            Matcher cell = CELL.matcher(row.group(1));
            while (cell.find()) {
                String label = columns.getOrDefault(Integer.parseInt(cell.group(1)), "");
                long value = number(cell.group(2));
                Matcher pct = PERCENTILE.matcher(label);
                switch (label) {
                    case "Total" -> count = value;
                    case "KO" -> errors = value;
                    case "Mean" -> mean = value;
                    case "Max" -> max = value;
                    default -> {
                        if (pct.matches()) {
                            percentiles.put(pct.group(1), value);
                        }
                    }
                }
            }
            rows.put(unescape(name.group(1)), new Row(count, errors, mean, max, percentiles));
        }
        return rows;
    }

    /** Lists every figure of {@code gatling} that differs from the recomputation in {@code ours}. */
    public static List<Difference> compare(Map<String, Row> gatling, LatencyStats.Result ours) {
        List<Difference> differences = new ArrayList<>();
        for (Map.Entry<String, Row> entry : gatling.entrySet()) {
            String name = entry.getKey();
            LatencyStats stats = ALL_REQUESTS.equals(name) ? ours.overall() : ours.operations().get(name);
            String operation = ALL_REQUESTS.equals(name) ? "overall" : name;
            Row row = entry.getValue();
            if (stats == null) {
                differences.add(new Difference(operation, "count", 0, row.count()));
                continue;
            }
            LatencyStats.Figures mine = stats.stats();
            add(differences, operation, "count", mine.count(), row.count());
            add(differences, operation, "errors", mine.errors(), row.errors());
            add(differences, operation, "meanMs", Math.round(mine.meanMs()), row.meanMs());
            add(differences, operation, "maxMs", mine.maxMs(), row.maxMs());
            row.percentilesMs().forEach((pct, value) ->
                    add(differences, operation, "p" + pct.replace(".", "") + "Ms",
                            stats.percentile(Double.parseDouble(pct)), value));
        }
        return differences;
    }

    private static void add(List<Difference> differences, String operation, String figure, double ours,
            double gatling) {
        if (ours != gatling) {
            differences.add(new Difference(operation, figure, ours, gatling));
        }
    }

    private static long number(String text) {
        String clean = text.strip().replace(",", "");
        if (clean.isEmpty() || "-".equals(clean)) {
            return 0;
        }
        return Math.round(Double.parseDouble(clean));
    }

    private static String unescape(String html) {
        return html.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'")
                .replace("&amp;", "&").strip();
    }

    /** "p95Ms recomputed 1042 vs Gatling 1001" for a Markdown note. */
    static String describe(Difference d) {
        return String.format(Locale.ROOT, "%s %s: recomputed %s, Gatling %s", d.operation(), d.figure(),
                format(d.recomputed()), format(d.gatling()));
    }

    private static String format(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : String.format(Locale.ROOT, "%.2f", value);
    }
}
