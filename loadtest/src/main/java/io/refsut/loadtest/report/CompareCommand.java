package io.refsut.loadtest.report;

import io.refsut.loadtest.compare.CompareReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sut compare <results dirs or globs...>}: configurations side by side, with verdicts, cost and charts. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compares results folders (each with summary.json and run.json): executions are grouped into "
                + "configurations, failed executions listed apart, and each figure judged over the executions "
                + "(median, range, CV, ranking, outliers, whether a difference is beyond the run-to-run spread).",
            "The injectors of one Kubernetes execution (run.json 'injector') are merged first.",
            "Writes compare.md (a conclusion first), compare.csv and compare.html (self-contained) into --out.",
            "Exit status: 0 = written; 2 = nothing found, or runs grouped together differ (the message names the "
                    + "parameters)."})
public final class CompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "DIR|GLOB",
            description = "Results folders, folders containing results folders (3 levels deep), or globs (quote "
                    + "them: 'results/*-aks-*').")
    List<String> inputs;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where the comparison files go (default: ./compare-<yyyyMMdd-HHmmss>).")
    Path out;

    @Option(names = {"--by", "--group-by"}, paramLabel = "KEY[,KEY...]", split = ",", hideParamSyntax = true,
            description = "Group on these keys: labels of 'sut run --label-set' (cloud,tier), 'label', or the "
                    + "parameters rate, durationSeconds, rampSeconds, settleSeconds, arrivals, mix, "
                    + "distribution, records, docBytes, connections, summaryFormat. Default: every label, the label and every parameter (runs differing in anything "
                    + "are different configurations).")
    List<String> by = new ArrayList<>();

    @Option(names = "--allow-mismatch",
            description = "Group runs whose parameters differ anyway (with --by) and mark those groups in every "
                    + "table, instead of refusing.")
    boolean allowMismatch;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        Path target = out != null ? out
                : Path.of("compare-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        CompareReport.Written written;
        try {
            written = CompareReport.write(inputs, new CompareReport.Options(by, allowMismatch), target);
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage());
            err.flush();
            return 2;
        }
        stdout.println(written.markdown());
        stdout.println(written.message());
        stdout.flush();
        return 0;
    }
}
