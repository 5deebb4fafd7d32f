package io.refsut.loadtest.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * A window's p50 carries the sampling error its sample count gives it, so that bench.md can tell a p50 CV that more
 * samples would narrow from one that is the system moving between executions.
 */
class SamplingCvTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theSamplingCvOfAUniformWindowIsTheMediansStandardErrorAndFallsWithTheRootOfTheCount() {
        // uniform on 1..1000 µs: the median's standard error is 1 / (2 f √n) = 1000 / (2 √n) µs, over a p50 of 500
        Histogram thousand = uniform(1_000, 1, 1000);
        assertEquals(0.0316, BenchRunner.p50SamplingCv(thousand), 0.002);
        Histogram fourThousand = uniform(4_000, 1, 1000);
        assertEquals(0.0158, BenchRunner.p50SamplingCv(fourThousand), 0.001, "four times the samples, half the error");
        // the same spread around a p50 ten times higher: a tenth of it
        assertEquals(0.003, BenchRunner.p50SamplingCv(uniform(1_000, 4_501, 5_500)), 0.001);
    }

    @Test
    void aConstantWindowHasNoSamplingSpreadAndAFewSamplesHaveNoFigure() {
        Histogram constant = new Histogram(3);
        constant.recordValueWithCount(700, 500);
        assertEquals(0.0, BenchRunner.p50SamplingCv(constant));
        assertNull(BenchRunner.p50SamplingCv(uniform(BenchRunner.MIN_SAMPLES_FOR_SE - 1, 1, 1000)));
        assertTrue(BenchRunner.stats(uniform(BenchRunner.MIN_SAMPLES_FOR_SE - 1, 1, 1000)).keySet().stream()
                .noneMatch("p50SamplingCv"::equals), "absent from the window's figures");
        assertEquals(0.0, BenchRunner.stats(constant).get("p50SamplingCv"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theExecutionsSamplingCvsAreAveragedToThreeDecimalsBesideTheCv() {
        List<Map<String, Object>> executions = List.of(execution(0.014, 1000), execution(0.019, 1100),
                execution(0.015, 1200));
        Map<String, Object> full = (Map<String, Object>) BenchFigures.aggregateSeries(executions).get("full");
        Map<String, Object> read = (Map<String, Object>) ((Map<String, Object>) full.get("operations"))
                .get("read_account");
        assertEquals(0.016, read.get("p50SamplingCv"));
        assertEquals(0.091, ((Map<String, Object>) read.get("cv")).get("p50Us"), "sample SD 100 over mean 1 100");
    }

    @Test
    void benchMdNamesTheP50sThatMovedMoreThanTheirSamplesExplain() {
        String drifted = render(Map.of("read_account", op(0.091, 0.016), "make_payment", op(0.04, 0.01),
                "read_payment", op(0.06, 0.035)));
        assertTrue(drifted.contains("| CV p50 | CV p50 from the samples alone | CV p99 |"), drifted);
        assertTrue(drifted.contains("| 9.1 % | 1.6 % |"), drifted);
        assertTrue(drifted.contains("The full series' p50s differed across the executions by more than their sample "
                + "counts explain (read_account 9.1 % against 1.6 %): the machine or the services changed between "
                + "the executions"), drifted);
        assertFalse(drifted.contains("make_payment 4.0 %"), "within 5 %: not named");
        assertFalse(drifted.contains("read_payment 6.0 %"), "under twice its sampling CV: not named");

        String steady = render(Map.of("read_account", op(0.03, 0.016)));
        assertFalse(steady.contains("differed across the executions"), steady);
        String older = render(Map.of("read_account", Map.of("p50Us", 1000, "cv", Map.of("p50Us", 0.2))));
        assertFalse(older.contains("differed across the executions"), "a bench.json without the figure: " + older);
        assertTrue(older.contains("| 20.0 % | - |"), older);
    }

    private static String render(Map<String, Object> operations) {
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("settings", Map.of());
        report.put("series", Map.of("full", Map.of("operations", operations)));
        return BenchMarkdown.render(JSON.valueToTree(report));
    }

    private static Map<String, Object> op(double cv, double sampling) {
        return Map.of("p50Us", 1000, "p99Us", 3000, "cv", Map.of("p50Us", cv, "p99Us", 0.1), "p50SamplingCv",
                sampling);
    }

    private static Map<String, Object> execution(double samplingCv, long p50) {
        Map<String, Object> series = new LinkedHashMap<>();
        for (String name : BenchRunner.SERIES) {
            Map<String, Object> stats = new LinkedHashMap<>();
            for (String figure : BenchFigures.LATENCY_FIGURES) {
                stats.put(figure, p50);
            }
            stats.put("count", 500L);
            stats.put("errors", 0L);
            stats.put("p50SamplingCv", samplingCv);
            Map<String, Object> window = new LinkedHashMap<>();
            window.put("achievedRate", 50.0);
            window.put("count", 500L);
            window.put("errors", 0L);
            window.put("operations", Map.of("read_account", stats));
            window.put("cpuUsPerOperation", Map.of("store", 300.0));
            window.put("cpuCores", Map.of("store", 0.01));
            series.put(name, window);
        }
        return Map.of("series", series);
    }

    /** {@code n} latencies spread evenly (a shuffled grid, not random draws) over {@code low..high} µs. */
    private static Histogram uniform(int n, long low, long high) {
        List<Long> values = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            values.add(low + Math.round((high - low) * (i + 0.5) / n));
        }
        java.util.Collections.shuffle(values, new Random(7));
        Histogram histogram = new Histogram(3);
        values.forEach(histogram::recordValue);
        return histogram;
    }
}
