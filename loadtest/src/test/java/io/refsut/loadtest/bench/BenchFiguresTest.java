package io.refsut.loadtest.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BenchFiguresTest {

    @Test
    @SuppressWarnings("unchecked")
    void seriesAveragesKeepTheCoresOfAQuietSeriesToThreeDecimals() {
        Map<String, Object> aggregated = BenchFigures.aggregateSeries(List.of(
                execution(0.012, 0.040, 1200.0), execution(0.018, 0.050, 1300.0)));
        for (String series : BenchRunner.SERIES) {
            Map<String, Object> figures = (Map<String, Object>) aggregated.get(series);
            Map<String, Object> cores = (Map<String, Object>) figures.get("cpuCores");
            assertEquals(0.015, (Double) cores.get("store"), 1e-9, series);
            assertEquals(0.045, (Double) cores.get("machineBusy"), 1e-9, series + ": below 0.05, not rounded to 0");
            assertEquals(-1.0, (Double) cores.getOrDefault("steal", -1.0), 1e-9,
                    series + ": absent in both stays absent");
            Map<String, Object> cpu = (Map<String, Object>) figures.get("cpuUsPerOperation");
            assertEquals(1250.0, (Double) cpu.get("store"), 1e-9, series);
            assertEquals(Map.of("store", 0.057), figures.get("cpuCv"), series + ": sample SD over mean");
            Map<String, Object> find = (Map<String, Object>) ((Map<String, Object>) figures.get("operations"))
                    .get("accounts.find");
            assertEquals(150.0, (Double) find.get("p50Us"), 1e-9, series);
            assertEquals(30.0, (Double) find.get("count"), 1e-9, series);
        }
    }

    private static Map<String, Object> execution(double storeCores, double machineBusy, double storeUsPerOperation) {
        Map<String, Object> series = new LinkedHashMap<>();
        for (String name : BenchRunner.SERIES) {
            Map<String, Object> cores = new LinkedHashMap<>();
            cores.put("store", storeCores);
            cores.put("machineBusy", machineBusy);
            Map<String, Object> stats = new LinkedHashMap<>();
            for (String figure : BenchFigures.LATENCY_FIGURES) {
                stats.put(figure, storeUsPerOperation == 1200.0 ? 100L : 200L);
            }
            stats.put("count", 30L);
            stats.put("errors", 0L);
            Map<String, Object> window = new LinkedHashMap<>();
            window.put("achievedRate", 10.0);
            window.put("count", 30L);
            window.put("errors", 0L);
            window.put("operations", Map.of("accounts.find", stats));
            window.put("cpuUsPerOperation", Map.of("store", storeUsPerOperation));
            window.put("cpuCores", cores);
            series.put(name, window);
        }
        return Map.of("series", series);
    }

    @Test
    void threadKindsAreAveragedOverTheExecutionsAnAbsentKindCountingZero() {
        Map<String, Object> first = Map.of("orchestrator", Map.of(
                "vert.x-eventloo", Map.of("cpuUs", 1000.0, "runQueueWaitUs", 300.0, "timeSlices", 12.0,
                        "preemptions", 4.0),
                "C# CompilerThre", Map.of("cpuUs", 1500.0, "runQueueWaitUs", 100.0, "timeSlices", 1.0,
                        "preemptions", 1.0),
                ThreadStats.ALL, Map.of("cpuUs", 2500.0, "runQueueWaitUs", 400.0, "timeSlices", 13.0,
                        "preemptions", 5.0)));
        // a bench.json from before the preemptions were counted: they count 0
        Map<String, Object> second = Map.of("orchestrator", Map.of(
                "vert.x-eventloo", Map.of("cpuUs", 1200.0, "runQueueWaitUs", 100.0, "timeSlices", 10.0),
                ThreadStats.ALL, Map.of("cpuUs", 1200.0, "runQueueWaitUs", 100.0, "timeSlices", 10.0)));
        Map<String, Object> aggregated = BenchFigures.aggregateThreads(List.of(Map.of("threads", first),
                Map.of("threads", second), Map.of()));
        @SuppressWarnings("unchecked")
        Map<String, Object> orchestrator = (Map<String, Object>) aggregated.get("orchestrator");
        assertEquals(List.of("vert.x-eventloo", "C# CompilerThre", ThreadStats.ALL), List.copyOf(orchestrator.keySet()),
                "decreasing mean CPU, the sum last");
        // over three executions, the third without thread figures at all
        assertEquals(Map.of("cpuUs", 733.3, "runQueueWaitUs", 133.3, "timeSlices", 7.333, "preemptions", 1.333),
                orchestrator.get("vert.x-eventloo"));
        assertEquals(Map.of("cpuUs", 500.0, "runQueueWaitUs", 33.3, "timeSlices", 0.333, "preemptions", 0.333),
                orchestrator.get("C# CompilerThre"));
    }
}
