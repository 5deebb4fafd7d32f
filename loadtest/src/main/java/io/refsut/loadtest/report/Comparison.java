package io.refsut.loadtest.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Many results folders side by side: executions grouped into configurations, each figure's mean over the
 * executions and its spread between them (min, max, sample standard deviation, coefficient of variation).
 */
public final class Comparison {

    /** The group key that means "the label without its execution suffix". */
    public static final String LABEL = "label";

    /** An execution suffix: "-exec2", "_run3", "-e1", "-r2", "-2" at the end of a label. */
    private static final Pattern EXECUTION_SUFFIX =
            Pattern.compile("^(.+?)[-_.](?:exec|execution|run|e|r|x)?(\\d+)$", Pattern.CASE_INSENSITIVE);

    /** One results folder: its summary and its run.json (empty when absent). */
    public record Execution(Path dir, Summary summary, JsonNode runInfo) {
    }

    /** The spread of one figure over a configuration's executions. */
    public record Spread(int n, double mean, double min, double max, double stddev, double cvPct, List<Double> values) {

        /** Spread of {@code values} (sample standard deviation; 0 for a single value). */
        public static Spread of(List<Double> values) {
            int n = values.size();
            if (n == 0) {
                return new Spread(0, 0, 0, 0, 0, 0, List.of());
            }
            double sum = 0;
            double min = Double.MAX_VALUE;
            double max = -Double.MAX_VALUE;
            for (double v : values) {
                sum += v;
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
            double mean = sum / n;
            double squares = 0;
            for (double v : values) {
                squares += (v - mean) * (v - mean);
            }
            double stddev = n > 1 ? Math.sqrt(squares / (n - 1)) : 0;
            double cv = mean != 0 ? 100 * stddev / Math.abs(mean) : 0;
            return new Spread(n, mean, min, max, stddev, cv, List.copyOf(values));
        }
    }

    /** One configuration: its name, executions, and the spread of each figure ("overall.meanMs", ...). */
    public record Group(String name, List<Execution> executions, Map<String, Spread> figures) {
    }

    private Comparison() {
    }

    /**
     * Results folders named by {@code arguments}: a folder holding summary.json, a folder whose sub-folders (to a
     * depth of 3) hold one, or a glob ("results/2026*-aks-*") matched against folders.
     */
    public static List<Path> resolve(List<String> arguments) throws IOException {
        Set<Path> found = new LinkedHashSet<>();
        for (String argument : arguments) {
            if (argument.contains("*") || argument.contains("?") || argument.contains("[")) {
                Path base = globBase(argument);
                PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + argument);
                if (Files.isDirectory(base)) {
                    try (Stream<Path> walk = Files.walk(base, depth(argument))) {
                        walk.filter(Files::isDirectory)
                                .filter(p -> matcher.matches(p) || matcher.matches(p.normalize()))
                                .sorted()
                                .forEach(p -> addResults(p, found));
                    }
                }
            } else {
                addResults(Path.of(argument), found);
            }
        }
        return List.copyOf(found);
    }

    private static Path globBase(String glob) {
        Path base = Path.of("");
        for (String part : glob.split("/", -1)) {
            if (part.contains("*") || part.contains("?") || part.contains("[")) {
                break;
            }
            base = part.isEmpty() && base.toString().isEmpty() ? Path.of("/") : base.resolve(part);
        }
        return base.toString().isEmpty() ? Path.of(".") : base;
    }

    private static int depth(String glob) {
        return glob.contains("**") ? 8 : (int) glob.chars().filter(c -> c == '/').count() + 1;
    }

    private static void addResults(Path dir, Set<Path> found) {
        if (Files.isRegularFile(dir.resolve(ResultsWriter.SUMMARY_JSON))) {
            found.add(dir);
            return;
        }
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir, 3)) {
            walk.filter(p -> p.getFileName().toString().equals(ResultsWriter.SUMMARY_JSON))
                    .map(Path::getParent)
                    .sorted()
                    .forEach(found::add);
        } catch (IOException e) {
            // an unreadable folder is simply not a result
        }
    }

    /** Reads every folder's summary.json and run.json. */
    public static List<Execution> read(List<Path> dirs) throws IOException {
        List<Execution> executions = new ArrayList<>();
        for (Path dir : dirs) {
            Summary summary = SummaryJson.read(dir.resolve(ResultsWriter.SUMMARY_JSON));
            Path runJson = dir.resolve("run.json");
            JsonNode runInfo = Files.isRegularFile(runJson) ? SummaryJson.MAPPER.readTree(runJson.toFile())
                    : SummaryJson.MAPPER.createObjectNode();
            executions.add(new Execution(dir, summary, runInfo));
        }
        return executions;
    }

    /** The label without an execution suffix ("aks-m30-exec2" gives "aks-m30"). */
    public static String configurationOf(String label) {
        if (label == null) {
            return "";
        }
        Matcher matcher = EXECUTION_SUFFIX.matcher(label);
        return matcher.matches() ? matcher.group(1) : label;
    }

    /**
     * The group name of {@code execution} for {@code keys}: {@value #LABEL} is the label without its execution
     * suffix; any other key is a (dotted) path into run.json, then into summary.json's parameters.
     */
    public static String groupName(Execution execution, List<String> keys) {
        List<String> parts = new ArrayList<>();
        for (String key : keys) {
            if (LABEL.equals(key)) {
                parts.add(configurationOf(execution.summary().label()));
                continue;
            }
            JsonNode node = path(execution.runInfo(), key);
            if (node.isMissingNode() || node.isNull()) {
                node = path(SummaryJson.MAPPER.valueToTree(execution.summary().parameters()), key);
            }
            String value = node.isMissingNode() || node.isNull() ? "?" : node.isValueNode() ? node.asText()
                    : node.toString();
            parts.add(keys.size() == 1 ? value : key + "=" + value);
        }
        return String.join(" ", parts);
    }

    private static JsonNode path(JsonNode root, String dotted) {
        JsonNode direct = root.path(dotted);
        if (!direct.isMissingNode()) {
            return direct;
        }
        JsonNode node = root;
        for (String part : dotted.split("\\.")) {
            node = node.path(part);
        }
        return node;
    }

    /** Groups {@code executions} by {@code keys} (in first-seen order) and computes each group's spreads. */
    public static List<Group> group(List<Execution> executions, List<String> keys) {
        Map<String, List<Execution>> groups = new LinkedHashMap<>();
        for (Execution execution : executions) {
            groups.computeIfAbsent(groupName(execution, keys), k -> new ArrayList<>()).add(execution);
        }
        List<Group> result = new ArrayList<>();
        groups.forEach((name, members) -> {
            Map<String, List<Double>> values = new LinkedHashMap<>();
            for (Execution execution : members) {
                figures(execution.summary()).forEach((figure, v) ->
                        values.computeIfAbsent(figure, k -> new ArrayList<>()).add(v));
            }
            Map<String, Spread> spreads = new LinkedHashMap<>();
            values.forEach((figure, list) -> spreads.put(figure, Spread.of(list)));
            result.add(new Group(name, List.copyOf(members), spreads));
        });
        return result;
    }

    /** The figures of one execution that are compared, by name. */
    static Map<String, Double> figures(Summary s) {
        Map<String, Double> figures = new LinkedHashMap<>();
        figures.put("achievedRate", s.achievedRate());
        figures.put("errorPct", s.overall().errorPct());
        client(figures, "overall", s.overall());
        s.operations().forEach((name, stats) -> {
            if (stats.count() > 0) {
                client(figures, name, stats);
            }
        });
        new TreeMap<>(s.server()).forEach((service, ops) -> ops.forEach((op, t) -> {
            figures.put("server." + service + "." + op + ".meanUs", t.meanUs());
            figures.put("server." + service + "." + op + ".p99Us", t.p99Us());
        }));
        return figures;
    }

    private static void client(Map<String, Double> figures, String name, OperationStats stats) {
        figures.put(name + ".meanMs", stats.meanMs());
        figures.put(name + ".p99Ms", (double) stats.p99Ms());
        figures.put(name + ".maxMs", (double) stats.maxMs());
    }

    /** Every figure name of any group, in first-seen order. */
    static List<String> figureNames(List<Group> groups) {
        Set<String> names = new LinkedHashSet<>();
        groups.forEach(g -> names.addAll(g.figures().keySet()));
        return List.copyOf(names);
    }

    /** Side-by-side Markdown: a main table (mean / p99 / max per operation) and a spread table. */
    public static String markdown(List<Group> groups) {
        StringBuilder md = new StringBuilder("# Comparison\n\n");
        md.append("Each cell is the mean over the configuration's executions; n = executions. "
                + "Client times in ms, server (MongoDB) times in µs.\n\n");
        List<String> names = figureNames(groups);
        md.append("| figure |");
        groups.forEach(g -> md.append(' ').append(cell(g.name())).append(" (n=").append(g.executions().size())
                .append(") |"));
        md.append("\n|---|");
        groups.forEach(g -> md.append("---:|"));
        md.append('\n');
        for (String figure : names) {
            md.append("| ").append(figure).append(" |");
            for (Group g : groups) {
                Spread s = g.figures().get(figure);
                md.append(' ').append(s == null ? "–" : SummaryMarkdown.num(s.mean())).append(" |");
            }
            md.append('\n');
        }
        md.append("\n## Spread between executions\n\n");
        md.append("| configuration | figure | n | mean | min | max | stddev | CV % |\n");
        md.append("|---|---|---:|---:|---:|---:|---:|---:|\n");
        for (Group g : groups) {
            g.figures().forEach((figure, s) -> md.append(String.format(Locale.ROOT,
                    "| %s | %s | %d | %s | %s | %s | %s | %s |\n", cell(g.name()), figure, s.n(),
                    SummaryMarkdown.num(s.mean()), SummaryMarkdown.num(s.min()), SummaryMarkdown.num(s.max()),
                    SummaryMarkdown.num(s.stddev()), SummaryMarkdown.num(s.cvPct()))));
        }
        md.append("\n## Executions\n\n| configuration | label | folder | fell behind | reconciliation |\n");
        md.append("|---|---|---|---|---|\n");
        for (Group g : groups) {
            for (Execution e : g.executions()) {
                Reconciliation r = e.summary().reconciliation();
                md.append("| ").append(cell(g.name())).append(" | ").append(cell(e.summary().label())).append(" | ")
                        .append(cell(e.dir().toString())).append(" | ")
                        .append(e.summary().injectorFellBehind() ? "**yes**" : "no").append(" | ")
                        .append("off".equals(r.mode()) ? "off" : r.clean() ? "clean" : "**LOSS**").append(" |\n");
            }
        }
        return md.toString();
    }

    /** One CSV row per (configuration, figure): n, mean, min, max, stddev, CV and every execution's value. */
    public static String csv(List<Group> groups) {
        StringBuilder csv = new StringBuilder("configuration,figure,n,mean,min,max,stddev,cvPct,values\n");
        for (Group g : groups) {
            g.figures().forEach((figure, s) -> csv.append(csvField(g.name())).append(',').append(figure).append(',')
                    .append(s.n()).append(',').append(plain(s.mean())).append(',').append(plain(s.min())).append(',')
                    .append(plain(s.max())).append(',').append(plain(s.stddev())).append(',')
                    .append(plain(s.cvPct())).append(',')
                    .append(csvField(s.values().stream().map(Comparison::plain).collect(Collectors.joining(" "))))
                    .append('\n'));
        }
        return csv.toString();
    }

    private static String plain(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }

    private static String csvField(String value) {
        return value.contains(",") || value.contains("\"") || value.contains(" ")
                ? "\"" + value.replace("\"", "\"\"") + "\"" : value;
    }

    private static String cell(String text) {
        return text.replace("|", "\\|");
    }
}
