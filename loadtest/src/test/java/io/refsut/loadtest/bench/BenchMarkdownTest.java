package io.refsut.loadtest.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BenchMarkdownTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aWarmUpRecordCountsArrivalsAndErrorsByOperation() {
        Map<String, Object> warm = BenchRunner.unmeasured(result(100, 97, 1, Map.of("balances.replace", 2L),
                Map.of("balances.replace", "version conflict")));
        assertEquals(100L, warm.get("arrivals"));
        assertEquals(97L, warm.get("completed"));
        assertEquals(3L, warm.get("errors"), "two failed and one still running at the end");
        assertEquals(Map.of("balances.replace", 2L, "unfinished", 1L), warm.get("errorsByOperation"));
        assertEquals(Map.of("balances.replace", "version conflict"), warm.get("firstErrors"));
        assertFalse(BenchRunner.unmeasured(result(10, 10, 0, Map.of(), Map.of())).containsKey("firstErrors"));
    }

    @Test
    void cleanWarmUpsAreOneLineWithTheirArrivals() {
        String md = BenchMarkdown.render(report(result(100, 100, 0, Map.of(), Map.of()),
                result(30, 30, 0, Map.of(), Map.of())));
        assertTrue(md.contains("- unmeasured warm-ups: 130 arrivals, no errors"), md);
        assertFalse(md.contains("errors in the unmeasured warm-ups"), md);
    }

    @Test
    void warmUpErrorsAreNamedWithWhereTheyHappened() {
        String md = BenchMarkdown.render(report(result(100, 100, 0, Map.of(), Map.of()),
                result(30, 29, 0, Map.of("payments.replace", 1L), Map.of("payments.replace", "HTTP 409"))));
        assertTrue(md.contains("**errors in the unmeasured warm-ups** (130 arrivals): execution 1 series warm-up "
                + "floor: 1 of 30"), md);
        assertTrue(md.contains("HTTP 409"), md);
    }

    @Test
    void aReportWithoutWarmUpsHasNoWarmUpLine() {
        String md = BenchMarkdown.render(JSON.valueToTree(Map.of("settings", Map.of())));
        assertFalse(md.contains("warm-up"), md);
    }

    @Test
    void theHeaderNamesTheServicesJitThresholdsWhenTheyAreScaled() {
        String scaled = BenchMarkdown.render(JSON.valueToTree(Map.of("settings", Map.of("serviceJvmOptions",
                "-Xmx256m", "dataServiceJvmOptions", "", "compileThresholdScaling", 0.2))));
        assertTrue(scaled.contains("service JVM options `-Xmx256m`, data services add none, the services' JIT "
                + "thresholds at 0.2 × HotSpot's (--compile-threshold-scaling)\n"), scaled);
        for (Object hotspot : List.of(Map.of("compileThresholdScaling", 1.0), Map.of())) {
            String md = BenchMarkdown.render(JSON.valueToTree(Map.of("settings", hotspot)));
            assertFalse(md.contains("JIT thresholds at"), md);
        }
    }

    @Test
    void theMachineSpeedIsInTheHeaderWhenItWasMeasured() {
        String measured = BenchMarkdown.render(JSON.valueToTree(Map.of("settings", Map.of(), "machine",
                Map.of("cores", 2, "speed", Map.of("cpuLoopNs", 1.69, "loopbackRoundTripUs", 16.1)))));
        assertTrue(measured.contains("- machine speed before the bench: loopback round trip p50 16.1 µs, CPU loop "
                + "1.69 ns per iteration"), measured);
        String withSystemCall = BenchMarkdown.render(JSON.valueToTree(Map.of("settings", Map.of(), "machine",
                Map.of("cores", 2, "speed", Map.of("cpuLoopNs", 1.69, "loopbackRoundTripUs", 16.1,
                        "systemCallNs", 1290)))));
        assertTrue(withSystemCall.contains("- machine speed before the bench: loopback round trip p50 16.1 µs, "
                + "system call 1290 ns, CPU loop 1.69 ns per iteration"), withSystemCall);
        String failed = BenchMarkdown.render(JSON.valueToTree(Map.of("settings", Map.of(), "machine",
                Map.of("cores", 2, "speed", Map.of("error", "loopback round trips failed: refused")))));
        assertFalse(failed.contains("machine speed"), failed);
    }

    @Test
    void stealIsShownPerSeriesAndWarnedAboutFromTenPercent() {
        String quiet = BenchMarkdown.render(stealReport(2.0));
        assertTrue(quiet.contains("| 0.01 (2 %) |"), quiet);
        assertFalse(quiet.contains("The hypervisor took"), quiet);
        String stolen = BenchMarkdown.render(stealReport(26.5));
        assertTrue(stolen.contains("**The hypervisor took 26.50 % of the CPU time"), stolen);
    }

    @Test
    void theFullSeriesThreadsAreShownPerProcessTheSmallKindsSummed() {
        Map<String, Object> orchestrator = new LinkedHashMap<>();
        orchestrator.put("vert.x-eventloo", Map.of("cpuUs", 1800.0, "runQueueWaitUs", 420.0, "timeSlices", 14.2,
                "preemptions", 5.1));
        orchestrator.put("SmallRye Fault", Map.of("cpuUs", 60.0, "runQueueWaitUs", 10.0, "timeSlices", 2.0,
                "preemptions", 0.1));
        orchestrator.put("VM Thread", Map.of("cpuUs", 40.0, "runQueueWaitUs", 5.0, "timeSlices", 0.5,
                "preemptions", 0.2));
        orchestrator.put(ThreadStats.ALL, Map.of("cpuUs", 1900.0, "runQueueWaitUs", 435.0, "timeSlices", 16.7,
                "preemptions", 5.4));
        Map<String, Object> series = new LinkedHashMap<>();
        for (String name : BenchRunner.SERIES) {
            Map<String, Object> figures = new LinkedHashMap<>(Map.of("operations", Map.of(), "cpuUsPerOperation",
                    Map.of("orchestrator", 1900), "cpuCores", Map.of()));
            if (name.equals("full")) {
                figures.put("threads", Map.of("orchestrator", orchestrator));
            }
            series.put(name, figures);
        }
        String md = BenchMarkdown.render(JSON.valueToTree(Map.of("settings", Map.of(), "series", series,
                "overhead", Map.of())));
        assertTrue(md.contains("## Where each process's time goes, by thread (full series, per business operation)"),
                md);
        assertTrue(md.contains("| process | threads | CPU µs | share | waiting µs | slices | preempted |"), md);
        assertTrue(md.contains("| orchestrator | `vert.x-eventloo` | 1800 | 95 % | 420 | 14.20 | 5.10 |"), md);
        // 60 and 40 µs are each under 5 % of 1 900: one row
        assertTrue(md.contains("| orchestrator | other threads (2 kinds) | 100 | 5 % | 15 | 2.50 | 0.30 |"), md);
        assertTrue(md.contains("| orchestrator | **all** | 1900 | 100 % | 435 | 16.70 | 5.40 |"), md);
        assertFalse(md.contains("SmallRye"), md);
        assertFalse(BenchMarkdown.render(stealReport(2.0)).contains("by thread"), "no thread figures, no section");
    }

    @Test
    void jitCompilersStillBusyInTheFullSeriesAreWarnedAboutWithTheirTrend() {
        String md = BenchMarkdown.render(jitReport(1200, 600, 3000));
        // (1200 + 600) / 2 / 3000 in the mean; the injector's compilers do not count
        assertTrue(md.contains("**The JIT compilers still used 30 % of the services' and store's CPU in the full "
                + "series (execution by execution: 40 %, 20 %): the services were still being compiled"), md);
        assertFalse(BenchMarkdown.render(jitReport(360, 180, 3000)).contains("JIT compilers still used"),
                "9 % is under the 10 % threshold");
    }

    /** A report whose full series' accounts service compiled {@code jit1} and {@code jit2} µs per operation. */
    private static JsonNode jitReport(double jit1, double jit2, double all) {
        List<Map<String, Object>> executions = new java.util.ArrayList<>();
        for (double jit : List.of(jit1, jit2)) {
            executions.add(Map.of("series", Map.of("full", Map.of("threads", threads(jit, all)))));
        }
        Map<String, Object> series = new LinkedHashMap<>();
        for (String name : BenchRunner.SERIES) {
            Map<String, Object> figures = new LinkedHashMap<>(Map.of("operations", Map.of(), "cpuUsPerOperation",
                    Map.of("accounts", all), "cpuCores", Map.of()));
            if (name.equals("full")) {
                figures.put("threads", threads((jit1 + jit2) / 2, all));
            }
            series.put(name, figures);
        }
        return JSON.valueToTree(Map.of("settings", Map.of(), "series", series, "overhead", Map.of(), "executions",
                executions));
    }

    private static Map<String, Object> threads(double jit, double all) {
        return Map.of("accounts", Map.of(BenchMarkdown.JIT_THREADS, Map.of("cpuUs", jit), ThreadStats.ALL,
                Map.of("cpuUs", all)), BenchRunner.INJECTOR, Map.of(BenchMarkdown.JIT_THREADS, Map.of("cpuUs", 5000.0),
                ThreadStats.ALL, Map.of("cpuUs", 5000.0)));
    }

    private static JsonNode stealReport(double fullStealPct) {
        Map<String, Object> series = new LinkedHashMap<>();
        for (String name : BenchRunner.SERIES) {
            double pct = "full".equals(name) ? fullStealPct : 2.0;
            series.put(name, Map.of("operations", Map.of(), "cpuUsPerOperation", Map.of("store", 300),
                    "cpuCores", Map.of("machineBusy", 0.4, "otherProcesses", 0.0, "steal", 0.01, "stealPct", pct)));
        }
        return JSON.valueToTree(Map.of("settings", Map.of(), "series", series, "overhead", Map.of()));
    }

    private static JsonNode report(OpenLoop.Result warmup, OpenLoop.Result seriesWarmup) {
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("warmup", Map.of("floor", BenchRunner.unmeasured(warmup)));
        report.put("executions", List.of(Map.of("execution", 1, "seriesWarmup",
                Map.of("floor", BenchRunner.unmeasured(seriesWarmup)))));
        return JSON.valueToTree(report);
    }

    private static OpenLoop.Result result(long arrivals, long completed, long unfinished, Map<String, Long> errors,
            Map<String, String> firstErrors) {
        return new OpenLoop.Result(10, arrivals / 10.0, arrivals, completed, unfinished, Map.of(), errors, firstErrors,
                completed / (arrivals / 10.0));
    }
}
