package io.refsut.loadtest.report;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sut compare <results dirs or globs...>}: side-by-side tables and a chart of many runs. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compares results folders (each with summary.json, optionally run.json) side by side.",
            "Executions of one configuration are grouped (by default: same label without an execution suffix "
                    + "such as -exec2 or -3) and the spread between them is reported (min, max, stddev, CV).",
            "Writes compare.md, compare.csv and compare.html (a self-contained chart) into --out."})
public final class CompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "DIR|GLOB",
            description = "Results folders, folders containing results folders, or globs (quote them: "
                    + "'results/*-aks-*').")
    List<String> inputs;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where the comparison files go (default: ./compare-<yyyyMMdd-HHmmss>).")
    Path out;

    @Option(names = "--group-by", paramLabel = "KEY[,KEY...]", split = ",", defaultValue = Comparison.LABEL,
            description = "What makes executions the same configuration: 'label' (default: the label without its "
                    + "execution suffix) or keys of run.json (dotted paths, e.g. target.region,cloud,tier), "
                    + "then of summary.json's parameters.")
    List<String> groupBy;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        List<Path> dirs = Comparison.resolve(inputs);
        if (dirs.isEmpty()) {
            err.println("no results folder (with a summary.json) found in " + inputs);
            return 2;
        }
        List<Comparison.Group> groups = Comparison.group(Comparison.read(dirs), groupBy);
        Path target = out != null ? out
                : Path.of("compare-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        Files.createDirectories(target);
        String markdown = Comparison.markdown(groups);
        Files.writeString(target.resolve("compare.md"), markdown, StandardCharsets.UTF_8);
        Files.writeString(target.resolve("compare.csv"), Comparison.csv(groups), StandardCharsets.UTF_8);
        Files.writeString(target.resolve("compare.html"), CompareChart.html(groups), StandardCharsets.UTF_8);
        stdout.println(markdown);
        stdout.println("compared " + dirs.size() + " results in " + groups.size() + " configuration(s) by "
                + String.join(",", groupBy) + "; wrote " + Arrays.asList("compare.md", "compare.csv", "compare.html")
                + " to " + target);
        stdout.flush();
        return 0;
    }
}
