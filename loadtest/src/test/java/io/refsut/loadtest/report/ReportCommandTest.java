package io.refsut.loadtest.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ReportCommandTest {

    @TempDir
    Path dir;

    private static final long T0 = 1_800_000_000_000L;

    /** Writes a Gatling-format binary log of one injector sending {@code rate}/s for {@code seconds}. */
    private static void writeLog(Path file, long start, int rate, int seconds) throws IOException {
        SimulationLogWriter.write(file, start, rate, seconds);
    }

    @Test
    void mergesInjectorsIntoOneSummary() throws IOException {
        Path injector0 = dir.resolve("exec1/injector-0/20260101-100000-aks-exec1");
        Path injector1 = dir.resolve("exec1/injector-1/20260101-100000-aks-exec1");
        for (Path injector : List.of(injector0, injector1)) {
            Path gatling = injector.resolve("gatling/runsimulation-1");
            Files.createDirectories(gatling);
            writeLog(gatling.resolve("simulation.log"), injector == injector0 ? T0 : T0 + 1300, 25, 10);
            boolean first = injector == injector0;
            RunContext ctx = new RunContext("aks-exec1", 25, Duration.ofSeconds(10), Duration.ZERO,
                    Map.of("rate", 25, RunContext.MACHINE_LOOPBACK, first ? 22.5 : 14.5,
                            RunContext.MACHINE_SYSTEM_CALL, first ? 310 : 1290, RunContext.MACHINE_CPU_LOOP, 1.7,
                            RunContext.MACHINE_RUN_BUSY_CORES, first ? 0.9 : 0.5,
                            RunContext.MACHINE_RUN_STEAL_PCT, first ? 3.5 : 20.4),
                    List.of("read_account"));
            ResultsWriter.write(injector, gatling, null, ctx, ServerMetrics.empty(), ServerMetrics.empty(), null);
        }
        Path out = dir.resolve("merged");
        StringWriter text = new StringWriter();
        CommandLine cli = new CommandLine(new ReportCommand());
        cli.setOut(new PrintWriter(text));
        cli.setErr(new PrintWriter(text));

        assertEquals(0, cli.execute(dir.resolve("exec1").toString(), "--out", out.toString()), text.toString());

        Summary merged = SummaryJson.read(out.resolve("summary.json"));
        assertEquals("aks", merged.label());
        assertEquals(50.0, merged.targetRate());
        assertEquals(50.0, merged.achievedRate(), 1e-9);
        assertEquals(500, merged.overall().count());
        assertEquals(2, merged.sources().size());
        assertFalse(merged.injectorFellBehind(), merged.injector().reasons().toString());
        assertEquals(2, merged.parameters().get("injectors"));
        assertEquals(22.5, ((Number) merged.parameters().get(RunContext.MACHINE_LOOPBACK)).doubleValue(),
                "of each machine figure the worst injector's");
        assertEquals(1290, ((Number) merged.parameters().get(RunContext.MACHINE_SYSTEM_CALL)).doubleValue());
        assertEquals(20.4, ((Number) merged.parameters().get(RunContext.MACHINE_RUN_STEAL_PCT)).doubleValue());
        assertTrue(Files.readString(out.resolve("summary.md")).contains("**The hypervisor took 20.4 %"),
                "the merged summary warns when one injector's machine lost a fifth of its CPU");
        assertFalse(merged.gatlingReported().available());
        assertTrue(Files.readString(out.resolve("summary.md")).contains("Merged from 2 injectors"));
    }

    @Test
    void findsRunPhaseLogsWithoutSummaries() throws IOException {
        Path run = dir.resolve("pod/runsimulation-1/simulation.log");
        Path load = dir.resolve("pod/loadsimulation-1/simulation.log");
        Files.createDirectories(run.getParent());
        Files.createDirectories(load.getParent());
        SimulationLogWriter.write(run, T0, 10, 2);
        SimulationLogWriter.write(load, T0, 10, 2, "io.refsut.loadtest.simulation.LoadSimulation");
        ReportCommand.Inputs inputs = ReportCommand.find(List.of(dir), "RunSimulation");
        assertEquals(List.of(run.normalize()), inputs.logs());
    }
}
