package io.refsut.loadtest.report;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code sut report <dirs...>}: one summary from several injectors' run-phase {@code simulation.log} files (a
 * Kubernetes Job with parallelism N writes one results folder per injector pod).
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Merges the run-phase simulation.log files of several injectors into one summary.json and "
                + "summary.md.",
            "Each folder is searched (3 levels deep) for results folders with a summary.json, whose run-phase log "
                    + "it names; without one, every simulation.log of a run-phase simulation (--simulation) is used.",
            "Target rate, duration and ramp default to the injectors' summaries (rates summed)."})
public final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "DIR", description = "Folders holding the injectors' results.")
    List<Path> inputs;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Where summary.json and summary.md go.")
    Path out;

    @Option(names = "--label", paramLabel = "LABEL", description = "The merged run's label (default: the "
            + "injectors' common label, else the name of --out).")
    String label;

    @Option(names = "--rate", paramLabel = "PER_SECOND", description = "Total target rate of all injectors.")
    Double rate;

    @Option(names = "--duration", paramLabel = "SECONDS", description = "Steady-window length in seconds.")
    Double duration;

    @Option(names = "--ramp", paramLabel = "SECONDS", description = "Ramp length in seconds.")
    Double ramp;

    @Option(names = "--simulation", defaultValue = "RunSimulation", paramLabel = "NAME",
            description = "Without summaries, use logs whose simulation class ends with this (default: ${DEFAULT-VALUE}).")
    String simulation;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        Inputs found = find(inputs, simulation);
        if (found.logs().isEmpty()) {
            err.println("no run-phase simulation.log found in " + inputs);
            return 2;
        }
        RunContext ctx = context(found.summaries(), found.logs().size(),
                label != null ? label : defaultLabel(found.summaries()), rate, duration, ramp);
        if (ctx.targetRate() <= 0) {
            err.println("no target rate: give --rate (the injectors' summary.json files were not found)");
            return 2;
        }
        Summary summary = ResultsWriter.merge(out, found.logs(), found.requestLogs(), ctx, ServerMetrics.empty(),
                ServerMetrics.empty(), Reconciliation.off());
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.println(summary.markdown());
        stdout.println("merged " + found.logs().size() + " simulation.log file(s) into " + out);
        stdout.flush();
        if (!summary.status().passed()) {
            stdout.println(summary.status().line());
            stdout.flush();
        }
        return summary.status().passed() ? 0 : 1;
    }

    private String defaultLabel(List<Summary> summaries) {
        Set<String> labels = new LinkedHashSet<>();
        summaries.forEach(s -> labels.add(Comparison.configurationOf(s.label())));
        return labels.size() == 1 ? labels.iterator().next() : out.toAbsolutePath().normalize().getFileName().toString();
    }

    /**
     * The run-phase logs, their request logs (only when every injector has one, in the same order) and the
     * injectors' summaries found under {@code dirs}.
     */
    public record Inputs(List<Path> logs, List<Path> requestLogs, List<Summary> summaries) {
    }

    /** Finds run-phase logs under {@code dirs}: those named by summaries, else those of {@code simulationSuffix}. */
    public static Inputs find(List<Path> dirs, String simulationSuffix) throws IOException {
        Set<Path> logs = new LinkedHashSet<>();
        List<Path> requestLogs = new ArrayList<>();
        List<Summary> summaries = new ArrayList<>();
        for (Path dir : dirs) {
            List<Path> summaryFiles = walk(dir, ResultsWriter.SUMMARY_JSON);
            for (Path file : summaryFiles) {
                Summary summary = SummaryJson.read(file);
                summaries.add(summary);
                for (int i = 0; i < summary.sources().size(); i++) {
                    Path log = file.getParent().resolve(summary.sources().get(i)).normalize();
                    if (Files.isRegularFile(log) && logs.add(log) && i < summary.requestLogs().size()) {
                        Path requests = file.getParent().resolve(summary.requestLogs().get(i)).normalize();
                        if (Files.isRegularFile(requests)) {
                            requestLogs.add(requests);
                        }
                    }
                }
            }
            if (summaryFiles.isEmpty()) {
                for (Path log : walk(dir, "simulation.log")) {
                    if (SimulationLogReader.read(log).simulationClass().endsWith(simulationSuffix)) {
                        logs.add(log.normalize());
                    }
                }
            }
        }
        return new Inputs(List.copyOf(logs), requestLogs.size() == logs.size() ? List.copyOf(requestLogs) : List.of(),
                List.copyOf(summaries));
    }

    private static List<Path> walk(Path dir, String fileName) throws IOException {
        if (Files.isRegularFile(dir)) {
            return dir.getFileName().toString().equals(fileName) ? List.of(dir) : List.of();
        }
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(dir, 4)) {
            return walk.filter(p -> p.getFileName().toString().equals(fileName)).sorted().toList();
        }
    }

    /** The merged run's context: explicit values first, else from the injectors' summaries (rates summed). */
    static RunContext context(List<Summary> summaries, int injectors, String label, Double rate, Double duration,
            Double ramp) {
        double totalRate = rate != null ? rate : summaries.stream().mapToDouble(Summary::targetRate).sum();
        double steady = duration != null ? duration
                : summaries.stream().mapToDouble(Summary::durationSeconds).max().orElse(0);
        double rampSeconds = ramp != null ? ramp : summaries.stream().mapToDouble(Summary::rampSeconds).max().orElse(0);
        List<String> operations = new ArrayList<>();
        summaries.forEach(s -> s.operations().keySet().forEach(op -> {
            if (!operations.contains(op)) {
                operations.add(op);
            }
        }));
        Map<String, Object> parameters = new LinkedHashMap<>();
        if (!summaries.isEmpty()) {
            parameters.putAll(summaries.get(0).parameters());
        }
        // the machine figures of the injector that fared worst, each figure on its own, as sut compare takes them
        for (String figure : List.of(RunContext.MACHINE_LOOPBACK, RunContext.MACHINE_SYSTEM_CALL,
                RunContext.MACHINE_CPU_LOOP, RunContext.MACHINE_RUN_BUSY_CORES, RunContext.MACHINE_RUN_STEAL_PCT)) {
            summaries.stream().map(s -> s.parameters().get(figure)).filter(Number.class::isInstance)
                    .map(Number.class::cast).max(Comparator.comparingDouble(Number::doubleValue))
                    .ifPresent(worst -> parameters.put(figure, worst));
        }
        parameters.put("injectors", injectors);
        double settle = summaries.stream().mapToDouble(Summary::settleSeconds).max().orElse(0);
        String arrivals = summaries.isEmpty() ? "constant" : summaries.get(0).arrivals();
        return new RunContext(label, totalRate, Duration.ofMillis(Math.round(steady * 1000)),
                Duration.ofMillis(Math.round(rampSeconds * 1000)), Duration.ofMillis(Math.round(settle * 1000)),
                arrivals, parameters, operations, RunContext.Thresholds.DEFAULT, List.of(), Map.of(), Map.of());
    }
}
