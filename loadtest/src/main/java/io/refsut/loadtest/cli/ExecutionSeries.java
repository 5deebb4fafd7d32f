package io.refsut.loadtest.cli;

import io.refsut.loadtest.compare.CompareReport;
import io.refsut.loadtest.run.RunDriver;
import io.refsut.loadtest.run.RunSettings;
import io.refsut.loadtest.stack.LocalStack;
import io.refsut.loadtest.stack.StackException;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * {@code sut run --executions N}: N executions of one configuration back to back on the same records. The first
 * execution runs the command's phases (load and run, or run only with --skip-load), the others the run phase only
 * on the first one's records (same seed); locally they share one stack, started once. Each execution writes its
 * own results folder under {@code <results-dir>/<timestamp>-<label>-x<N>/}, then the series is compared into its
 * {@code compare/} folder.
 */
record ExecutionSeries(RunSettings base, int executions, Duration pause, Map<String, String> labels,
        Map<String, Object> injector, Consumer<String> console) {

    /** run.json's object for the execution number ({@code number}, {@code of}, {@code series}). */
    static final String EXECUTION = "execution";
    /** run.json's object for the injector index ({@code index}, {@code of}). */
    static final String INJECTOR = "injector";

    private static final DateTimeFormatter FOLDER_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    /** run.json's {@code execution} object. */
    static Map<String, Object> execution(int number, int of, String series) {
        Map<String, Object> execution = new LinkedHashMap<>();
        execution.put("number", number);
        if (of > 0) {
            execution.put("of", of);
        }
        if (series != null) {
            execution.put("series", series);
        }
        return execution;
    }

    int run() {
        String series = LocalDateTime.now().format(FOLDER_TIME) + "-"
                + base.label().replaceAll("[^A-Za-z0-9._-]", "_") + "-x" + executions;
        Path parent = base.resultsDir().resolve(series);
        String seed = base.seed().isBlank() ? series : base.seed();
        try {
            Files.createDirectories(parent);
        } catch (IOException e) {
            console.accept("cannot create " + parent + ": " + e.getMessage());
            return RunDriver.BAD_OPTIONS;
        }
        console.accept(executions + " executions of one configuration in " + parent + " (seed '" + seed + "', "
                + pause.toSeconds() + " s pause between executions)");
        LocalStack stack = null;
        int status = RunDriver.PASSED;
        try {
            if (base.local()) {
                stack = LocalStack.start(base.stackSettings().apply(parent.resolve("logs")), console);
            }
            for (int i = 1; i <= executions; i++) {
                console.accept("execution " + i + " of " + executions);
                RunSettings.Phases phases = i == 1 ? base.phases() : RunSettings.Phases.RUN_ONLY;
                RunDriver driver = new RunDriver(with(base, parent, seed, phases), console)
                        .sharedStack(stack)
                        .runInfo(io.refsut.loadtest.compare.LabelSet.RUN_JSON_KEY, labels)
                        .runInfo(EXECUTION, execution(i, executions, series));
                if (injector != null) {
                    driver.runInfo(INJECTOR, injector);
                }
                int result = driver.run();
                status = Math.max(status, result == RunDriver.BAD_OPTIONS ? RunDriver.FAILED : result);
                if (summaries(parent) < i) {
                    console.accept("execution " + i + " wrote no summary.json: the series stops here");
                    break;
                }
                if (i < executions && !pause.isZero()) {
                    console.accept("pause of " + pause.toSeconds() + " s before the next execution");
                    Thread.sleep(pause.toMillis());
                }
            }
        } catch (StackException e) {
            console.accept("cannot start the local stack: " + e.getMessage());
            return RunDriver.FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            console.accept("interrupted");
            return RunDriver.FAILED;
        } finally {
            if (stack != null) {
                console.accept("stopping the local stack");
                stack.close();
            }
        }
        try {
            CompareReport.Written written = CompareReport.write(List.of(parent.toString()),
                    CompareReport.Options.defaults(), parent.resolve("compare"));
            console.accept(written.message());
        } catch (IOException | IllegalArgumentException e) {
            console.accept("cannot compare the executions: " + e.getMessage());
            return RunDriver.FAILED;
        }
        console.accept(status == RunDriver.PASSED ? "all " + executions + " executions passed"
                : "at least one execution failed (see each folder's run.json); the comparison lists it apart");
        return status;
    }

    private static long summaries(Path parent) {
        try (Stream<Path> walk = Files.walk(parent, 2)) {
            return walk.filter(p -> p.getFileName().toString().equals("summary.json")).count();
        } catch (IOException e) {
            return 0;
        }
    }

    /**
     * {@code s} writing under {@code resultsDir} with {@code seed} and {@code phases}, every other setting kept (copied
     * component by component, so settings added to {@link RunSettings} later are carried over too).
     */
    static RunSettings with(RunSettings s, Path resultsDir, String seed, RunSettings.Phases phases) {
        RecordComponent[] components = RunSettings.class.getRecordComponents();
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        try {
            for (int i = 0; i < components.length; i++) {
                types[i] = components[i].getType();
                values[i] = switch (components[i].getName()) {
                    case "phases" -> phases;
                    case "resultsDir" -> resultsDir;
                    case "seed" -> seed;
                    default -> components[i].getAccessor().invoke(s);
                };
            }
            return RunSettings.class.getDeclaredConstructor(types).newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot copy the run settings", e);
        }
    }
}
