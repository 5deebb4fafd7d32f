package io.refsut.loadtest.bench;

import io.refsut.loadtest.workload.Mix;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Everything {@code sut bench} was asked to do (see {@link BenchCommand} for each option's meaning). */
public record BenchSettings(Path home, Path resultsDir, String mongodbUri, List<String> serviceJvmOptions,
        List<String> dataServiceJvmOptions, List<String> storeJvmOptions, Duration startTimeout, double rate,
        Duration duration, Duration warmup, Duration seriesWarmup, double warmupRate, int executions, Mix mix,
        String mixText, int records, int payments, int docBytes, int maxInFlight, int connections, boolean capacity,
        Map<String, Mix> capacityMixes, double capacityStart, double capacityFactor, double capacityMax,
        int capacityRefine, Duration stepPause, Duration stepDuration, Duration stepWarmup, double sloP99Ms,
        double maxStealPct, int stealRetries, double compileThresholdScaling) {

    public BenchSettings {
        if (!(rate > 0) || rate > 100_000) {
            throw new IllegalArgumentException("--rate must be between 0 and 100000 per second: " + rate);
        }
        if (!(warmupRate > 0) || warmupRate > 100_000) {
            throw new IllegalArgumentException("--warmup-rate must be between 0 and 100000 per second: " + warmupRate);
        }
        if (executions < 0 || executions > 20) {
            throw new IllegalArgumentException("--executions must be between 0 and 20: " + executions);
        }
        if (executions == 0 && !capacity) {
            throw new IllegalArgumentException("--executions 0 measures nothing without --capacity");
        }
        if (duration.isNegative() || duration.isZero() || duration.compareTo(Duration.ofHours(1)) > 0) {
            throw new IllegalArgumentException("--duration must be between 1 s and 1 h: " + duration);
        }
        if (records < 30) {
            throw new IllegalArgumentException("--records must be at least 30 (a third per series writes): " + records);
        }
        if (payments < 1 || payments > records * 10) {
            throw new IllegalArgumentException("--payments must be between 1 and 10 x --records: " + payments);
        }
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("--max-in-flight must be at least 1: " + maxInFlight);
        }
        if (connections < 1 || connections > 1000) {
            throw new IllegalArgumentException("--injector-connections must be between 1 and 1000: " + connections);
        }
        if (capacity && (!(capacityStart > 0) || !(capacityFactor > 1) || capacityMax < capacityStart)) {
            throw new IllegalArgumentException("capacity steps need --capacity-start > 0, --capacity-factor > 1 and "
                    + "--capacity-max >= --capacity-start");
        }
        if (capacityRefine < 0 || capacityRefine > 10) {
            throw new IllegalArgumentException("--capacity-refine must be between 0 and 10: " + capacityRefine);
        }
        if (stepPause.isNegative()) {
            throw new IllegalArgumentException("--step-pause must not be negative: " + stepPause);
        }
        if (!(maxStealPct >= 0) || maxStealPct > 100) {
            throw new IllegalArgumentException("--max-steal-pct must be between 0 (off) and 100: " + maxStealPct);
        }
        if (stealRetries < 0 || stealRetries > 5) {
            throw new IllegalArgumentException("--steal-retries must be between 0 and 5: " + stealRetries);
        }
        if (!(compileThresholdScaling >= 0.01) || compileThresholdScaling > 10) {
            throw new IllegalArgumentException("--compile-threshold-scaling must be between 0.01 and 10 (1 = HotSpot's "
                    + "thresholds): " + compileThresholdScaling);
        }
        if (!(sloP99Ms > 0)) {
            throw new IllegalArgumentException("--slo-p99 must be positive: " + sloP99Ms);
        }
    }

    /**
     * Whether a measured window in which the hypervisor took {@code stealPct} of the CPU time the machine wanted is
     * measured again: at or above {@link #maxStealPct} (0 = never), when it is known (not NaN).
     */
    boolean remeasures(double stealPct) {
        return maxStealPct > 0 && stealPct >= maxStealPct;
    }

    /**
     * The JVM options of every service: {@code -XX:CompileThresholdScaling} first (unless it is 1), then
     * --service-jvm-options, so that a scaling given there wins.
     */
    List<String> serviceJvmOptionsWithScaling() {
        if (compileThresholdScaling == 1) {
            return serviceJvmOptions;
        }
        List<String> options = new java.util.ArrayList<>();
        options.add("-XX:CompileThresholdScaling=" + compileThresholdScaling);
        options.addAll(serviceJvmOptions);
        return options;
    }

    /** The settings as bench.json records them. */
    Map<String, Object> describe() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("rate", rate);
        map.put("durationS", duration.toMillis() / 1000.0);
        map.put("warmupS", warmup.toMillis() / 1000.0);
        map.put("seriesWarmupS", seriesWarmup.toMillis() / 1000.0);
        map.put("warmupRate", warmupRate);
        map.put("executions", executions);
        map.put("mix", mix.describe());
        map.put("records", records);
        map.put("payments", payments);
        map.put("docBytes", docBytes);
        map.put("maxInFlight", maxInFlight);
        map.put("injectorConnections", connections);
        map.put("serviceJvmOptions", String.join(" ", serviceJvmOptions));
        map.put("dataServiceJvmOptions", String.join(" ", dataServiceJvmOptions));
        map.put("compileThresholdScaling", compileThresholdScaling);
        map.put("storeJvmOptions", String.join(" ", storeJvmOptions));
        map.put("maxStealPct", maxStealPct);
        map.put("stealRetries", stealRetries);
        if (capacity) {
            Map<String, Object> mixes = new LinkedHashMap<>();
            capacityMixes.forEach((name, m) -> mixes.put(name, m.describe()));
            map.put("capacityMixes", mixes);
            map.put("capacityStart", capacityStart);
            map.put("capacityFactor", capacityFactor);
            map.put("capacityMax", capacityMax);
            map.put("capacityRefine", capacityRefine);
            map.put("stepPauseS", stepPause.toMillis() / 1000.0);
            map.put("stepDurationS", stepDuration.toMillis() / 1000.0);
            map.put("stepWarmupS", stepWarmup.toMillis() / 1000.0);
            map.put("sloP99Ms", sloP99Ms);
        }
        return map;
    }
}
