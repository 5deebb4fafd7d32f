package io.refsut.loadtest.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.refsut.loadtest.compare.LabelSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The options {@code sut run} records for comparisons: --label-set, --executions, execution and injector numbers. */
class RunCommandLabelsTest {

    private static RunCommand parse(String... args) {
        CommandLine.ParseResult result = SutCommand.commandLine().parseArgs(args);
        return (RunCommand) result.subcommand().commandSpec().userObject();
    }

    @Test
    void labelSetIsRepeatableAndCommaSeparated() {
        RunCommand run = parse("run", "--label-set", "cloud=aks", "--label-set", "tier=M30,price=0.34");
        assertEquals(Map.of("cloud", "aks", "tier", "M30", "price", "0.34"), LabelSet.parse(run.labelSet));
        assertEquals(1, run.executions);
        assertNull(run.injector());
    }

    @Test
    void injectorIndexIsCheckedAgainstTheInjectorCount() {
        RunCommand run = parse("load", "--injector-index", "2", "--injectors", "3", "--executions", "1");
        assertEquals(Map.of("index", 2, "of", 3), run.injector());
        assertThrows(IllegalArgumentException.class, () -> parse("run", "--injector-index", "3", "--injectors", "3")
                .injector());
        assertThrows(IllegalArgumentException.class, () -> parse("run", "--injector-index", "x").injector());
    }

    @Test
    void badCombinationsExitWithTwoBeforeAnythingStarts() {
        assertEquals(2, SutCommand.commandLine().execute("run", "--executions", "0"));
        assertEquals(2, SutCommand.commandLine().execute("load", "--executions", "3"));
        assertEquals(2, SutCommand.commandLine().execute("run", "--executions", "3", "--execution-number", "2"));
        assertEquals(2, SutCommand.commandLine().execute("run", "--label-set", "price=free"));
        assertEquals(2, SutCommand.commandLine().execute("run", "--warmup", "30s", "--warmup-max", "20s"));
        assertThrows(IllegalArgumentException.class, () -> parse("run", "--warmup", "30s", "--warmup-max", "20s")
                .settings());
        assertEquals(java.time.Duration.ofSeconds(5), parse("run", "--warmup", "2s", "--warmup-max", "5s").settings()
                .measurement().warmupMax());
    }

    @Test
    void laterExecutionsKeepEverySettingButPhasesFolderAndSeed() throws Exception {
        io.refsut.loadtest.run.RunSettings base = parse("run", "--rate", "7", "--doc-bytes", "256", "--label", "x")
                .settings();
        java.nio.file.Path parent = java.nio.file.Path.of("results", "series");
        io.refsut.loadtest.run.RunSettings later = ExecutionSeries.with(base, parent, "seed-1",
                io.refsut.loadtest.run.RunSettings.Phases.RUN_ONLY);
        assertEquals(io.refsut.loadtest.run.RunSettings.Phases.RUN_ONLY, later.phases());
        assertEquals(parent, later.resultsDir());
        assertEquals("seed-1", later.seed());
        for (java.lang.reflect.RecordComponent c : io.refsut.loadtest.run.RunSettings.class.getRecordComponents()) {
            if (!List.of("phases", "resultsDir", "seed").contains(c.getName())) {
                assertEquals(c.getAccessor().invoke(base), c.getAccessor().invoke(later), c.getName());
            }
        }
    }

    @Test
    void executionObjectOfRunJson() {
        assertEquals(Map.of("number", 2, "of", 3, "series", "s"), ExecutionSeries.execution(2, 3, "s"));
        assertEquals(Map.of("number", 4), ExecutionSeries.execution(4, 0, null));
        assertEquals(List.of(), LabelSet.parse(parse("run").labelSet).keySet().stream().toList(),
                "no --label-set and no SUT_LABEL_SET: no labels");
    }
}
