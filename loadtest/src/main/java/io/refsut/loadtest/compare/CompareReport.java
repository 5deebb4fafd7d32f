package io.refsut.loadtest.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.refsut.loadtest.report.Comparison;
import io.refsut.loadtest.report.SimulationLog;
import io.refsut.loadtest.report.SimulationLogReader;
import io.refsut.loadtest.report.ReportCommand;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import picocli.CommandLine;

/**
 * {@code sut compare}'s work: finds the results folders, merges the injectors of one Kubernetes execution, reads
 * every execution through {@link RunResult}, groups and judges them ({@link Analysis}) and writes compare.md,
 * compare.csv and compare.html.
 */
public final class CompareReport {

    /** File names written. */
    public static final List<String> FILES = List.of("compare.md", "compare.csv", "compare.html");

    private static final ObjectMapper JSON = new ObjectMapper();

    private CompareReport() {
    }

    /** Options of a comparison (see {@link Analysis.Options}). */
    public record Options(List<String> by, boolean allowMismatch) {

        public static Options defaults() {
            return new Options(List.of(), false);
        }

        Analysis.Options analysis() {
            return new Analysis.Options(by, allowMismatch);
        }
    }

    /** What was written. */
    public record Written(Path out, Analysis analysis, String markdown, int folders) {

        /** One line for the console. */
        public String message() {
            return "compared " + folders + " results folder(s) in " + analysis.groups().size() + " configuration(s) ("
                    + analysis.failed().size() + " failed execution(s) listed apart); wrote " + FILES + " to " + out;
        }
    }

    /**
     * Compares the results under {@code inputs} (folders or globs) into {@code out}.
     *
     * @throws IllegalArgumentException when nothing is found, or runs grouped together differ (the message names
     *                                  the parameters)
     */
    public static Written write(List<String> inputs, Options options, Path out) throws IOException {
        List<Path> dirs = new ArrayList<>(Comparison.resolve(inputs));
        Path absoluteOut = out.toAbsolutePath().normalize();
        dirs.removeIf(d -> d.toAbsolutePath().normalize().startsWith(absoluteOut) || isMerge(d));
        if (dirs.isEmpty()) {
            throw new IllegalArgumentException("no results folder (with a summary.json) found in " + inputs);
        }
        List<RunResult> runs = read(dirs, out.resolve("merged"));
        Analysis analysis = Analysis.of(runs, options.analysis());
        Files.createDirectories(out);
        String markdown = CompareMarkdown.render(analysis);
        Files.writeString(out.resolve("compare.md"), markdown, StandardCharsets.UTF_8);
        Files.writeString(out.resolve("compare.csv"), CompareMarkdown.csv(analysis), StandardCharsets.UTF_8);
        Files.writeString(out.resolve("compare.html"), CompareHtml.render(analysis), StandardCharsets.UTF_8);
        return new Written(out, analysis, markdown, dirs.size());
    }

    /**
     * Reads every folder; the folders of one Kubernetes execution's injectors (run.json {@code injector}, same seed,
     * execution number and labels) are merged first into {@code mergedDir}/&lt;name&gt; with {@code sut report}'s merge.
     */
    public static List<RunResult> read(List<Path> dirs, Path mergedDir) throws IOException {
        Map<String, List<Path>> injectorGroups = new LinkedHashMap<>();
        List<Object> order = new ArrayList<>();
        for (Path dir : dirs) {
            JsonNode runJson = runJson(dir);
            if (runJson.path("injector").isObject()) {
                String key = runJson.path("seed").asText("") + "|" + runJson.path("execution").path("number").asInt(0)
                        + "|" + runJson.path(LabelSet.RUN_JSON_KEY);
                if (!injectorGroups.containsKey(key)) {
                    order.add(key);
                }
                injectorGroups.computeIfAbsent(key, k -> new ArrayList<>()).add(dir);
            } else {
                order.add(dir);
            }
        }
        List<RunResult> runs = new ArrayList<>();
        for (Object item : order) {
            if (item instanceof Path dir) {
                runs.add(readOne(dir, runJson(dir), 1, List.of()));
                continue;
            }
            List<Path> parts = injectorGroups.get(item);
            if (parts.size() == 1) {
                runs.add(readOne(parts.get(0), runJson(parts.get(0)), 1, List.of()));
                continue;
            }
            runs.add(merge(parts, mergedDir));
        }
        return runs;
    }

    /**
     * One execution of several injectors: each part is judged on its own (a failed part fails the execution), then
     * their run-phase logs are merged by {@code sut report} into {@code mergedDir}/&lt;name&gt; and compared as one run.
     */
    private static RunResult merge(List<Path> parts, Path mergedDir) throws IOException {
        List<String> failures = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        List<Integer> indexes = new ArrayList<>();
        List<JsonNode> partRunJsons = new ArrayList<>();
        for (Path part : parts) {
            JsonNode runJson = runJson(part);
            partRunJsons.add(runJson);
            int index = runJson.path("injector").path("index").asInt(-1);
            if (indexes.contains(index)) {
                failures.add("two results of injector " + index + " (" + part.getFileName() + "): not one execution");
            }
            indexes.add(index);
            JsonNode summary = JSON.readTree(part.resolve("summary.json").toFile());
            RunResult.failures(summary, runJson).forEach(f -> failures.add("injector " + index + ": " + f));
            labels.add(summary.path("label").asText(""));
        }
        JsonNode first = partRunJsons.get(0);
        int expected = first.path("injector").path("of").asInt(parts.size());
        if (parts.size() < expected) {
            failures.add("only " + parts.size() + " of " + expected + " injectors' results were found");
        }
        String label = commonPrefix(labels);
        int execution = first.path("execution").path("number").asInt(0);
        Path out = mergedDir.resolve((label + (execution > 0 ? "-execution-" + execution : ""))
                .replaceAll("[^A-Za-z0-9._-]", "_"));
        List<String> args = new ArrayList<>();
        parts.forEach(p -> args.add(p.toString()));
        args.addAll(List.of("--out", out.toString(), "--label", label));
        StringWriter err = new StringWriter();
        CommandLine report = new CommandLine(new ReportCommand());
        report.setOut(new PrintWriter(new StringWriter()));
        report.setErr(new PrintWriter(err));
        report.execute(args.toArray(String[]::new));
        if (!Files.isRegularFile(out.resolve("summary.json"))) {
            throw new IOException("cannot merge the injectors " + parts + ": " + err);
        }
        Files.writeString(out.resolve("run.json"), JSON.writerWithDefaultPrettyPrinter()
                .writeValueAsString(mergedRunJson(parts, partRunJsons)), StandardCharsets.UTF_8);
        JsonNode summary = JSON.readTree(out.resolve("summary.json").toFile());
        return RunResult.of(out, summary, runJson(out), requests(out, summary), parts.size(), failures);
    }

    private static Map<String, Object> mergedRunJson(List<Path> parts, List<JsonNode> partRunJsons) {
        JsonNode first = partRunJsons.get(0);
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("mergedFrom", parts.stream().map(p -> p.toAbsolutePath().normalize().toString()).toList());
        info.put("seed", first.path("seed").asText());
        info.put(LabelSet.RUN_JSON_KEY, JSON.convertValue(first.path(LabelSet.RUN_JSON_KEY), Map.class));
        if (first.has("execution")) {
            info.put("execution", JSON.convertValue(first.path("execution"), Map.class));
        }
        info.put("database", first.path("database").asText(""));
        // of each figure the slowest injector's machine: the one most likely to have held the execution back
        Map<String, Object> speed = new LinkedHashMap<>();
        for (String figure : List.of("loopbackRoundTripUs", "systemCallNs")) {
            putWorst(speed, partRunJsons, runJson -> runJson.path("machine").path("speed"), figure);
        }
        if (!speed.isEmpty()) {
            info.put("machine", Map.of("speed", speed));
        }
        // the run phase's steal of the injector whose machine lost the most CPU to the hypervisor
        Map<String, Object> runCpu = new LinkedHashMap<>();
        putWorst(runCpu, partRunJsons, runJson -> runJson.path("machineCpu").path("run"), "stealPct");
        if (!runCpu.isEmpty()) {
            info.put("machineCpu", Map.of("run", runCpu));
        }
        return info;
    }

    /**
     * Puts the highest of the injectors' {@code figure} (each read in {@code section} of its run.json) under
     * {@code figure}, and all of them in injector order under {@code injectors<Figure>}; nothing where none has it.
     */
    private static void putWorst(Map<String, Object> into, List<JsonNode> partRunJsons,
            Function<JsonNode, JsonNode> section, String figure) {
        List<Double> perInjector = new ArrayList<>();
        for (JsonNode partRunJson : partRunJsons) {
            JsonNode value = section.apply(partRunJson).path(figure);
            if (value.isNumber()) {
                perInjector.add(value.asDouble());
            }
        }
        if (!perInjector.isEmpty()) {
            into.put(figure, java.util.Collections.max(perInjector));
            into.put("injectors" + Character.toUpperCase(figure.charAt(0)) + figure.substring(1), perInjector);
        }
    }

    private static String commonPrefix(List<String> labels) {
        String prefix = labels.get(0) == null ? "" : labels.get(0);
        for (String label : labels) {
            String l = label == null ? "" : label;
            int i = 0;
            while (i < prefix.length() && i < l.length() && prefix.charAt(i) == l.charAt(i)) {
                i++;
            }
            prefix = prefix.substring(0, i);
        }
        prefix = prefix.replaceAll("[-_.]+$", "");
        return prefix.isEmpty() ? "merged" : prefix;
    }

    private static RunResult readOne(Path dir, JsonNode runJson, int injectors, List<String> failures)
            throws IOException {
        JsonNode summary = JSON.readTree(dir.resolve("summary.json").toFile());
        return RunResult.of(dir, summary, runJson, requests(dir, summary), injectors, failures);
    }

    /** The requests of the run-phase simulation.log files the summary names (null when none is there any more). */
    private static List<SimulationLog.Request> requests(Path dir, JsonNode summary) throws IOException {
        List<SimulationLog.Request> requests = new ArrayList<>();
        boolean found = false;
        for (JsonNode source : summary.path("sources")) {
            Path log = dir.resolve(source.asText()).normalize();
            if (source.asText().endsWith("simulation.log") && Files.isRegularFile(log)) {
                requests.addAll(SimulationLogReader.read(log).requests());
                found = true;
            }
        }
        return found ? requests : null;
    }

    /** A folder an earlier comparison merged injectors into: its parts are compared, not it. */
    private static boolean isMerge(Path dir) {
        try {
            return runJson(dir).has("mergedFrom");
        } catch (IOException e) {
            return false;
        }
    }

    private static JsonNode runJson(Path dir) throws IOException {
        Path file = dir.resolve("run.json");
        return Files.isRegularFile(file) ? JSON.readTree(file.toFile()) : JSON.createObjectNode();
    }
}
