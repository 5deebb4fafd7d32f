package io.refsut.loadtest.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.refsut.loadtest.run.MachineCpu;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** A measured series window the hypervisor took CPU from is measured again; the least stolen one is kept. */
class StealRemeasureTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aWindowFromFivePercentOfStealIsMeasuredAgainUpToTwiceByDefault() {
        BenchSettings settings = BenchCommandTest.parse();
        assertEquals(5.0, settings.maxStealPct());
        assertEquals(2, settings.stealRetries());
        assertTrue(settings.remeasures(5.0));
        assertTrue(settings.remeasures(28.7));
        assertFalse(settings.remeasures(4.9));
        assertFalse(settings.remeasures(Double.NaN), "no /proc/stat: steal unknown, nothing measured again");
        assertFalse(BenchCommandTest.parse("--max-steal-pct", "0").remeasures(99), "0 turns it off");
        assertEquals(Map.of("maxStealPct", 5.0, "stealRetries", 2), Map.of("maxStealPct",
                settings.describe().get("maxStealPct"), "stealRetries", settings.describe().get("stealRetries")));
    }

    @Test
    void outOfRangeStealOptionsAreNamed() {
        for (String[] args : List.of(new String[] {"--max-steal-pct", "-1"}, new String[] {"--max-steal-pct", "101"},
                new String[] {"--steal-retries", "6"}, new String[] {"--steal-retries", "-1"})) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> BenchCommandTest.parse(args));
            assertTrue(e.getMessage().contains(args[0]), e.getMessage());
        }
    }

    @Test
    void theWindowWithTheLeastStealIsKeptAndTheFirstOfEquals() {
        // 12, 3, 3 and 7 % of the time wanted stolen
        List<BenchRunner.Window> attempts = List.of(window(1_000, 880_000, 120_000, 3_000_000),
                window(1_000, 970_000, 30_000, 3_000_000), window(1_000, 970_000, 30_000, 3_000_000),
                window(1_000, 930_000, 70_000, 3_000_000));
        assertEquals(List.of(12.0, 3.0, 3.0, 7.0), attempts.stream().map(BenchRunner.Window::stealPct).toList());
        assertSame(attempts.get(1), BenchRunner.leastStolen(attempts));
        assertSame(attempts.get(0), BenchRunner.leastStolen(List.of(attempts.get(0))));
    }

    @Test
    void aStolenSeriesWindowIsMeasuredAgainAtMostTwiceAndTheLeastStolenIsKept() {
        // 20, 9 and 12 % of the time wanted stolen
        Iterator<BenchRunner.Window> windows = List.of(window(3_000, 800_000, 200_000, 3_000_000),
                window(1_000, 910_000, 90_000, 3_000_000), window(2_000, 880_000, 120_000, 3_000_000)).iterator();
        List<Map<String, Object>> remeasured = new ArrayList<>();
        List<String> console = new ArrayList<>();
        BenchRunner.Window kept = BenchRunner.windowAgainForSteal("execution 2", "full", windows::next,
                BenchCommandTest.parse(), remeasured, console::add);
        assertFalse(windows.hasNext(), "measured three times: once and twice again");
        assertEquals(9.0, kept.stealPct());
        assertEquals(List.of(20.0, 12.0), remeasured.stream().map(m -> m.get("stealPct")).toList());
        assertEquals(List.of(9.0, 9.0), remeasured.stream().map(m -> m.get("keptStealPct")).toList());
        assertEquals(List.of("full", "full"), remeasured.stream().map(m -> m.get("series")).toList());
        assertEquals(6, console.size(), console.toString());
        assertEquals("execution 2 full: the hypervisor took 20.0 % of the CPU time the machine's processes wanted "
                + "(--max-steal-pct 5): measuring the window again (1 of at most 2)", console.get(1));
        assertTrue(console.get(2).startsWith("execution 2 full, again: "), console.get(2));
        assertTrue(console.get(3).contains("took 9.0 % of the CPU time") && console.get(3).endsWith("(2 of at most 2)"),
                console.get(3));
        assertEquals("execution 2 full: kept the window with 9.0 % steal", console.get(5));
    }

    @Test
    void aSeriesWindowIsMeasuredOnceWithLittleStealOrTheRuleOff() {
        BenchRunner.Window light = window(1_000, 960_000, 40_000, 3_000_000);
        BenchRunner.Window heavy = window(1_000, 700_000, 300_000, 3_000_000);
        for (Object[] c : List.of(new Object[] {light, BenchCommandTest.parse()},
                new Object[] {heavy, BenchCommandTest.parse("--max-steal-pct", "0")},
                new Object[] {heavy, BenchCommandTest.parse("--steal-retries", "0")})) {
            int[] measured = {0};
            List<Map<String, Object>> remeasured = new ArrayList<>();
            List<String> console = new ArrayList<>();
            BenchRunner.Window kept = BenchRunner.windowAgainForSteal("execution 1", "floor", () -> {
                measured[0]++;
                return (BenchRunner.Window) c[0];
            }, (BenchSettings) c[1], remeasured, console::add);
            assertSame(c[0], kept);
            assertEquals(1, measured[0], c[1].toString());
            assertTrue(remeasured.isEmpty());
            assertEquals(1, console.size(), console.toString());
        }
    }

    @Test
    void aDiscardedWindowKeepsItsStealLatencyAndCpuNextToTheKeptOnes() {
        // 1 000 ms busy and 250 ms stolen: 20 % of the time wanted
        BenchRunner.Window stolen = window(2_000, 1_000_000, 250_000, 3_000_000);
        BenchRunner.Window quiet = window(1_000, 1_000_000, 10_000, 3_000_000);
        assertEquals(20.0, stolen.stealPct());
        assertEquals(1.0, quiet.stealPct());
        assertTrue(Double.isNaN(new BenchRunner.Window(stolen.result(), stolen.cpuUs(), 10, null, null, Map.of())
                .stealPct()));
        Map<String, Object> discarded = stolen.discarded("full", quiet);
        assertEquals("full", discarded.get("series"));
        assertEquals(20.0, discarded.get("stealPct"));
        assertEquals(1.0, discarded.get("keptStealPct"));
        assertEquals(2_000, ((Number) discarded.get("p50Us")).doubleValue(), 2, "HdrHistogram's equivalent value");
        assertEquals(1_000, ((Number) discarded.get("keptP50Us")).doubleValue(), 1, discarded.toString());
        assertEquals(100L, discarded.get("count"));
        assertEquals(400.0, ((Number) discarded.get("servicesAndStoreCpuUsPerOperation")).doubleValue(), 0.01,
                "40 000 µs of services' CPU over 100 operations");
    }

    @Test
    void theReportListsTheWindowsMeasuredAgainAndSaysHowItChooses() {
        BenchRunner.Window stolen = window(2_000, 1_000_000, 250_000, 3_000_000);
        BenchRunner.Window quiet = window(1_000, 1_000_000, 10_000, 3_000_000);
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("settings", Map.of("maxStealPct", 5.0, "stealRetries", 2));
        report.put("series", Map.of("full", Map.of()));
        report.put("executions", List.of(Map.of("execution", 2, "remeasured",
                List.of(stolen.discarded("full", quiet)))));
        String md = BenchMarkdown.render(JSON.valueToTree(report));
        assertTrue(md.contains("- a series window in which the hypervisor took 5 % or more of the CPU time wanted is "
                + "measured again, up to 2 times; the one with the least steal is kept"), md);
        assertTrue(md.contains("## Windows measured again for steal"), md);
        assertTrue(md.contains("1 window was measured again"), md);
        assertTrue(md.contains("| 2 | full | 20 % | 0 | 2"), md);
        assertTrue(md.contains("| 1 % |"), md);
        assertFalse(md.contains("after every retry"), md);

        BenchRunner.Window stillStolen = window(1_500, 1_000_000, 150_000, 3_000_000);
        report.put("executions", List.of(Map.of("execution", 1, "remeasured",
                List.of(stolen.discarded("oneHop", stillStolen)))));
        String kept = BenchMarkdown.render(JSON.valueToTree(report));
        assertTrue(kept.contains("**Kept with steal at or above 5 % after every retry: execution 1 oneHop (13 %). "
                + "Their figures include what the hypervisor took.**"), kept);

        report.put("executions", List.of(Map.of("execution", 1)));
        String none = BenchMarkdown.render(JSON.valueToTree(report));
        assertFalse(none.contains("## Windows measured again"), none);
        report.put("settings", Map.of("maxStealPct", 0.0, "stealRetries", 2));
        assertFalse(BenchMarkdown.render(JSON.valueToTree(report)).contains("measured again, up to"));
    }

    @Test
    void aCapacityStepThatFailedUnderStealRunsAgainAfterThePauseAndTheLastRunDecides() {
        BenchSettings settings = BenchCommandTest.parse();
        Iterator<Map<String, Object>> runs = List.of(step(false, 20.0), step(true, 1.0)).iterator();
        List<Map<String, Object>> steps = new ArrayList<>();
        List<String> console = new ArrayList<>();
        int[] pauses = {0};
        Map<String, Object> last = BenchRunner.stepAgainForSteal(runs::next, settings, steps, console::add,
                () -> pauses[0]++);
        assertEquals(true, last.get("held"));
        assertEquals(1, steps.size());
        assertEquals(true, steps.get(0).get("measuredAgainForSteal"));
        assertFalse(steps.get(0).containsKey("broken"), "only the step that decides reports why it broke");
        assertEquals(1, pauses[0]);
        assertEquals(List.of("failed while the hypervisor took 20.0 % of the CPU time the machine's processes wanted "
                + "(--max-steal-pct 5): measuring the step again (1 of at most 2)"), console);
    }

    @Test
    void aCapacityStepRunsAtMostThreeTimesAndNotWhenItHeldOrHadLittleSteal() {
        BenchSettings settings = BenchCommandTest.parse();
        List<Map<String, Object>> steps = new ArrayList<>();
        int[] runs = {0};
        Map<String, Object> last = BenchRunner.stepAgainForSteal(() -> {
            runs[0]++;
            return step(false, 30.0);
        }, settings, steps, line -> { }, () -> { });
        assertEquals(3, runs[0]);
        assertEquals(2, steps.size());
        assertEquals(false, last.get("held"));
        assertFalse(last.containsKey("measuredAgainForSteal"));
        for (Map<String, Object> once : List.of(step(false, 4.9), step(true, 30.0), step(false, Double.NaN))) {
            List<Map<String, Object>> none = new ArrayList<>();
            assertSame(once, BenchRunner.stepAgainForSteal(() -> once, settings, none, line -> { }, () -> { }));
            assertTrue(none.isEmpty(), once.toString());
        }
    }

    private static Map<String, Object> step(boolean held, double stealPct) {
        Map<String, Object> step = new LinkedHashMap<>();
        step.put("held", held);
        step.put("broken", held ? List.of() : List.of("p99 80 ms > 50 ms"));
        step.put("cpuCores", Double.isNaN(stealPct) ? Map.of() : Map.of("stealPct", stealPct));
        return step;
    }

    /** A window of 100 operations at {@code latencyUs}; the services used 40 000 µs and the injector 10 000. */
    private static BenchRunner.Window window(long latencyUs, long busyMicros, long stealMicros, long totalMicros) {
        Histogram latencies = new Histogram(3);
        latencies.recordValueWithCount(latencyUs, 100);
        OpenLoop.Result result = new OpenLoop.Result(10, 10, 100, 100, 0, Map.of("read_account", latencies), Map.of(),
                Map.of(), 10);
        Map<String, Long> cpu = new LinkedHashMap<>();
        cpu.put("accounts", 40_000L);
        cpu.put(BenchRunner.INJECTOR, 10_000L);
        return new BenchRunner.Window(result, cpu, 10, new MachineCpu(0, 0, 0),
                new MachineCpu(busyMicros, stealMicros, totalMicros), Map.of());
    }
}
