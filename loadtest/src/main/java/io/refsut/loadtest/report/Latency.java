package io.refsut.loadtest.report;

/**
 * Latency figures of a set of requests, in milliseconds with microsecond resolution. {@code meanMs} and
 * {@code maxMs} are exact (kept beside the histogram); percentiles come from an HdrHistogram of microseconds with 3
 * significant digits, so each is within 0.1 % of the true value (and never above {@code maxMs}).
 */
public record Latency(long count, double meanMs, double p50Ms, double p95Ms, double p99Ms, double p999Ms,
        double maxMs) {

    /** No requests. */
    public static final Latency EMPTY = new Latency(0, 0, 0, 0, 0, 0, 0);
}
