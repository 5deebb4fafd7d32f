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
}
