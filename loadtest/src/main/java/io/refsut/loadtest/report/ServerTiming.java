package io.refsut.loadtest.report;

import java.util.Map;

/**
 * Server-side time of one operation between two scrapes, in microseconds, from a Micrometer timer's histogram.
 * Percentiles are interpolated linearly inside the bucket that holds them (like PromQL's
 * {@code histogram_quantile}), so their resolution is the bucket layout's.
 *
 * @param count    operations timed
 * @param outcomes operations per outcome tag
 */
public record ServerTiming(long count, Map<String, Long> outcomes, double meanUs, double p50Us, double p95Us,
        double p99Us) {
}
