package io.refsut.loadtest.report;

import java.util.Map;

/**
 * Client-side figures of one operation (or of all operations): response times in milliseconds, the resolution
 * Gatling records, percentiles computed with HdrHistogram from every response (OK and KO, like Gatling's "Total").
 *
 * @param count          requests
 * @param errors         requests that failed (status KO)
 * @param errorsByStatus failed requests per HTTP status ("503"), or per Gatling message when it names no status
 */
public record OperationStats(long count, long errors, Map<String, Long> errorsByStatus, double meanMs, long p50Ms,
        long p95Ms, long p99Ms, long p999Ms, long maxMs) {

    /** Errors as a percentage of requests (0 when there were none). */
    public double errorPct() {
        return count == 0 ? 0 : 100.0 * errors / count;
    }
}
