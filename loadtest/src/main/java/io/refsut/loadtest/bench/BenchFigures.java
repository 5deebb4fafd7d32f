package io.refsut.loadtest.bench;

import io.refsut.loadtest.workload.CriticalPath;
import io.refsut.loadtest.workload.Mix;
import io.refsut.loadtest.workload.Operation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.DoubleUnaryOperator;

/** The bench's derived figures: overhead ratios per execution, means and coefficients of variation across them. */
final class BenchFigures {

    static final List<String> LATENCY_FIGURES = List.of("p50Us", "p99Us", "p999Us", "maxUs", "meanUs");

    private BenchFigures() {
    }

    /**
     * One execution's overhead: one hop against the floor per elementary operation, and each business operation
     * against the floor times along its critical path (sequential legs added, parallel legs as their slowest), from
     * the p50 (and, under {@code p99}, from the p99s — a sum of p99s, an upper reference, not the p99 of a sum).
     */
    @SuppressWarnings("unchecked")
    static Map<String, Object> overhead(Map<String, Object> measured, Mix mix) {
        Map<String, Object> floor = operations(measured, "floor");
        Map<String, Object> hop = operations(measured, "oneHop");
        Map<String, Object> full = operations(measured, "full");
        Map<String, Object> overhead = new LinkedHashMap<>();
        for (String leg : CriticalPath.legsOf(mix.operations())) {
            if (floor.containsKey(leg) && hop.containsKey(leg)) {
                overhead.put(leg, ratio(leg, figure(floor, leg, "p50Us"), figure(hop, leg, "p50Us"),
                        figure(floor, leg, "p99Us"), figure(hop, leg, "p99Us")));
            }
        }
        for (Operation operation : mix.operations()) {
            CriticalPath path = CriticalPath.OF.get(operation);
            String name = operation.requestName();
            if (!full.containsKey(name) || !path.legs().stream().allMatch(floor::containsKey)) {
                continue;
            }
            overhead.put(name, ratio(path.describe(), path.time(leg -> figure(floor, leg, "p50Us")),
                    figure(full, name, "p50Us"), path.time(leg -> figure(floor, leg, "p99Us")),
                    figure(full, name, "p99Us")));
        }
        return overhead;
    }

    private static Map<String, Object> ratio(String criticalPath, double floorUs, double sutUs, double floorP99, double sutP99) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("criticalPath", criticalPath);
        map.put("floorUs", BenchRunner.round(floorUs));
        map.put("sutUs", BenchRunner.round(sutUs));
        map.put("overheadUs", BenchRunner.round(sutUs - floorUs));
        map.put("ratio", floorUs > 0 ? BenchRunner.round(sutUs / floorUs * 10) / 10.0 : null);
        Map<String, Object> p99 = new LinkedHashMap<>();
        p99.put("floorUs", BenchRunner.round(floorP99));
        p99.put("sutUs", BenchRunner.round(sutP99));
        p99.put("ratio", floorP99 > 0 ? BenchRunner.round(sutP99 / floorP99 * 10) / 10.0 : null);
        map.put("p99", p99);
        return map;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> operations(Map<String, Object> measured, String series) {
        Object value = measured.get(series);
        return value == null ? Map.of() : (Map<String, Object>) ((Map<String, Object>) value).get("operations");
    }

    @SuppressWarnings("unchecked")
    private static double figure(Map<String, Object> operations, String operation, String figure) {
        return ((Number) ((Map<String, Object>) operations.get(operation)).get(figure)).doubleValue();
    }

    /** Per series: each operation's figures averaged over the executions, with their coefficient of variation. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> aggregateSeries(List<Map<String, Object>> executions) {
        Map<String, Object> result = new LinkedHashMap<>();
        for (String series : BenchRunner.SERIES) {
            List<Map<String, Object>> runs = new ArrayList<>();
            for (Map<String, Object> execution : executions) {
                runs.add((Map<String, Object>) ((Map<String, Object>) execution.get("series")).get(series));
            }
            Map<String, Object> aggregated = new LinkedHashMap<>();
            aggregated.put("achievedRate", mean(values(runs, "achievedRate")));
            aggregated.put("count", mean(values(runs, "count")));
            aggregated.put("errors", sum(values(runs, "errors")));
            Set<String> names = new LinkedHashSet<>();
            runs.forEach(run -> names.addAll(((Map<String, Object>) run.get("operations")).keySet()));
            Map<String, Object> operations = new LinkedHashMap<>();
            for (String name : names) {
                List<Map<String, Object>> perRun = new ArrayList<>();
                for (Map<String, Object> run : runs) {
                    Object stats = ((Map<String, Object>) run.get("operations")).get(name);
                    if (stats != null) {
                        perRun.add((Map<String, Object>) stats);
                    }
                }
                Map<String, Object> stats = meanWithCv(perRun, LATENCY_FIGURES, List.of("count", "errors"));
                // beside cv.p50Us, to three decimals as the cv: what the sample counts alone would give
                stats.put("p50SamplingCv", mean(values(perRun, "p50SamplingCv"), BenchRunner::round3));
                operations.put(name, stats);
            }
            aggregated.put("operations", operations);
            List<Map<String, Object>> cpu = new ArrayList<>();
            runs.forEach(run -> cpu.add((Map<String, Object>) run.get("cpuUsPerOperation")));
            Map<String, Object> cpuAggregated = meanWithCv(cpu, new ArrayList<>(cpu.get(0).keySet()), List.of());
            Object cv = cpuAggregated.remove("cv");
            aggregated.put("cpuUsPerOperation", cpuAggregated);
            aggregated.put("cpuCv", cv);
            List<Map<String, Object>> cores = new ArrayList<>();
            runs.forEach(run -> cores.add((Map<String, Object>) run.get("cpuCores")));
            // cores to three decimals, as each execution records them: a quiet series' machine share is below 0.05
            Map<String, Object> coresAggregated = new LinkedHashMap<>();
            for (String figure : cores.get(0).keySet()) {
                coresAggregated.put(figure, mean(values(cores, figure), BenchRunner::round3));
            }
            aggregated.put("cpuCores", coresAggregated);
            aggregated.put("threads", aggregateThreads(runs));
            result.put(series, aggregated);
        }
        return result;
    }

    /**
     * Per process and thread kind, each {@link ThreadStats#FIGURES} figure averaged over the executions (a kind absent
     * from an execution counts as 0 there); kinds in decreasing mean CPU, then {@link ThreadStats#ALL}.
     */
    @SuppressWarnings("unchecked")
    static Map<String, Object> aggregateThreads(List<Map<String, Object>> runs) {
        Map<String, Map<String, double[]>> sums = new LinkedHashMap<>();
        for (Map<String, Object> run : runs) {
            Map<String, Object> threads = (Map<String, Object>) run.getOrDefault("threads", Map.of());
            threads.forEach((process, kinds) -> ((Map<String, Object>) kinds).forEach((kind, figures) -> {
                double[] sum = sums.computeIfAbsent(process, p -> new LinkedHashMap<>())
                        .computeIfAbsent(kind, k -> new double[ThreadStats.FIGURES.size()]);
                double[] values = ThreadStats.values((Map<String, Object>) figures);
                for (int i = 0; i < sum.length; i++) {
                    sum[i] += values[i];
                }
            }));
        }
        Map<String, Object> result = new LinkedHashMap<>();
        sums.forEach((process, kinds) -> {
            Map<String, Object> byKind = new LinkedHashMap<>();
            kinds.forEach((kind, sum) -> {
                double[] means = new double[sum.length];
                for (int i = 0; i < sum.length; i++) {
                    means[i] = sum[i] / runs.size();
                }
                byKind.put(kind, ThreadStats.figures(means));
            });
            // kinds in decreasing mean CPU, the process's sum last
            Map<String, Object> ordered = new LinkedHashMap<>();
            byKind.entrySet().stream().filter(e -> !e.getKey().equals(ThreadStats.ALL))
                    .sorted((a, b) -> Double.compare(cpu(b.getValue()), cpu(a.getValue())))
                    .forEach(e -> ordered.put(e.getKey(), e.getValue()));
            if (byKind.containsKey(ThreadStats.ALL)) {
                ordered.put(ThreadStats.ALL, byKind.get(ThreadStats.ALL));
            }
            result.put(process, ordered);
        });
        return result;
    }

    @SuppressWarnings("unchecked")
    private static double cpu(Object figures) {
        return ((Number) ((Map<String, Object>) figures).get("cpuUs")).doubleValue();
    }

    /** Overhead figures averaged over the executions, with the coefficient of variation of each. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> aggregateOverhead(List<Map<String, Object>> executions) {
        Map<String, Object> result = new LinkedHashMap<>();
        List<Map<String, Object>> all = new ArrayList<>();
        executions.forEach(execution -> all.add((Map<String, Object>) execution.get("overhead")));
        for (String name : all.get(0).keySet()) {
            List<Map<String, Object>> perRun = new ArrayList<>();
            List<Map<String, Object>> perRunP99 = new ArrayList<>();
            for (Map<String, Object> overhead : all) {
                Map<String, Object> entry = (Map<String, Object>) overhead.get(name);
                if (entry != null) {
                    perRun.add(entry);
                    perRunP99.add((Map<String, Object>) entry.get("p99"));
                }
            }
            Map<String, Object> aggregated = new LinkedHashMap<>();
            aggregated.put("criticalPath", perRun.get(0).get("criticalPath"));
            aggregated.putAll(meanWithCv(perRun, List.of("floorUs", "sutUs", "overheadUs", "ratio"), List.of()));
            Map<String, Object> p99 = meanWithCv(perRunP99, List.of("floorUs", "sutUs", "ratio"), List.of());
            p99.remove("cv");
            aggregated.put("p99", p99);
            result.put(name, aggregated);
        }
        return result;
    }

    /** Mean of each figure, a {@code cv} map for {@code withCv}, plain means for {@code plain}. */
    private static Map<String, Object> meanWithCv(List<Map<String, Object>> runs, List<String> withCv, List<String> plain) {
        Map<String, Object> result = new LinkedHashMap<>();
        Map<String, Object> cv = new LinkedHashMap<>();
        for (String figure : plain) {
            result.put(figure, mean(values(runs, figure)));
        }
        for (String figure : withCv) {
            List<Double> values = values(runs, figure);
            result.put(figure, mean(values));
            cv.put(figure, cv(values));
        }
        result.put("cv", cv);
        return result;
    }

    private static List<Double> values(List<Map<String, Object>> runs, String figure) {
        List<Double> values = new ArrayList<>();
        for (Map<String, Object> run : runs) {
            Object value = run.get(figure);
            if (value instanceof Number number && number.doubleValue() >= 0) {
                values.add(number.doubleValue());
            }
        }
        return values;
    }

    static Double mean(List<Double> values) {
        return mean(values, BenchRunner::round);
    }

    /** The mean, rounded by {@code rounding}; null for no values. */
    private static Double mean(List<Double> values, DoubleUnaryOperator rounding) {
        return values.isEmpty() ? null
                : rounding.applyAsDouble(values.stream().mapToDouble(Double::doubleValue).average().orElse(0));
    }

    private static Double sum(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).sum();
    }

    /** Sample standard deviation over mean (null for fewer than two values or a mean of 0). */
    static Double cv(List<Double> values) {
        if (values.isEmpty()) {
            return null;
        }
        double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        if (mean == 0) {
            return null;
        }
        if (values.size() == 1) {
            return null;
        }
        double squares = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
        return Math.round(Math.sqrt(squares / (values.size() - 1)) / mean * 1000) / 1000.0;
    }
}
