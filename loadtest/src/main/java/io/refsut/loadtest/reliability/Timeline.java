package io.refsut.loadtest.reliability;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Requests per second of a load, by the second they started in: how many, how many failed (5xx or no answer), and
 * latency percentiles, plus the figures derived from it: the longest run of seconds with a failed request and the
 * time from a dependency being back until no request fails any more.
 */
final class Timeline {

    /** One second: {@code second} counted from the load's start. Latencies in milliseconds. */
    record Second(int second, int requests, int failed, double p50Ms, double p99Ms, double maxMs) {
    }

    private final List<Second> seconds;

    private Timeline(List<Second> seconds) {
        this.seconds = seconds;
    }

    static Timeline of(List<ConstantLoad.Sample> samples, long originNanos) {
        int last = 0;
        for (ConstantLoad.Sample sample : samples) {
            last = Math.max(last, second(sample.startNanos(), originNanos));
        }
        List<List<Double>> latencies = new ArrayList<>();
        int[] failed = new int[last + 1];
        for (int i = 0; i <= last; i++) {
            latencies.add(new ArrayList<>());
        }
        for (ConstantLoad.Sample sample : samples) {
            int s = Math.max(0, second(sample.startNanos(), originNanos));
            latencies.get(s).add(sample.latencyMs());
            if (sample.failed()) {
                failed[s]++;
            }
        }
        List<Second> seconds = new ArrayList<>();
        for (int i = 0; i <= last; i++) {
            double[] values = latencies.get(i).stream().mapToDouble(Double::doubleValue).sorted().toArray();
            seconds.add(new Second(i, values.length, failed[i], percentile(values, 50), percentile(values, 99),
                    values.length == 0 ? 0 : values[values.length - 1]));
        }
        return new Timeline(seconds);
    }

    List<Second> seconds() {
        return seconds;
    }

    /** The longest run of consecutive seconds in which at least one request failed. */
    int longestFailedSeconds() {
        int longest = 0;
        int run = 0;
        for (Second second : seconds) {
            run = second.failed() > 0 ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        return longest;
    }

    /**
     * Seconds from {@code backNanos} (the dependency ready again) until the start of the last failed request (0 when
     * none failed after it); -1 when requests still failed in the load's last second (no recovery seen).
     */
    static double recoverySeconds(List<ConstantLoad.Sample> samples, long backNanos) {
        long lastFailedStart = Long.MIN_VALUE;
        long lastStart = Long.MIN_VALUE;
        for (ConstantLoad.Sample sample : samples) {
            lastStart = Math.max(lastStart, sample.startNanos());
            if (sample.failed()) {
                lastFailedStart = Math.max(lastFailedStart, sample.startNanos());
            }
        }
        if (lastFailedStart == Long.MIN_VALUE || lastFailedStart <= backNanos) {
            return 0;
        }
        if (lastStart - lastFailedStart < 1_000_000_000L) {
            return -1;
        }
        return (lastFailedStart - backNanos) / 1e9;
    }

    static double percentile(double[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(p / 100 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    static double percentileOf(List<Double> values, double p) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(sorted);
        return percentile(sorted, p);
    }

    private static int second(long nanos, long originNanos) {
        return (int) ((nanos - originNanos) / 1_000_000_000L);
    }
}
