package io.refsut.loadtest.report;

import java.util.Map;

/**
 * Client-side figures of one operation (or a group of them) in the measured window.
 *
 * <p>The flat latency fields ({@code meanMs} … {@code maxMs}) are the headline: the <b>response time</b> of the
 * <b>successful</b> requests, from the instant the arrival process intended the request to the response.
 * {@code serviceTime} is the same requests timed from the instant the injector actually issued them; the two
 * differ by the scheduling lag. Failed requests are kept out of both and counted per kind in {@code failures}, each
 * kind with its own response-time figures.
 *
 * @param count        requests whose intended start is in the window
 * @param ok           of them, successful (the operation's expected status)
 * @param errors       of them, failed ({@code count − ok})
 * @param errorsByKind failed requests per kind: {@code http_<status>}, {@code timeout}, {@code connection}
 * @param serviceTime  successful requests timed from the actual send
 * @param failures     per failure kind, response-time figures of those requests
 */
public record OperationStats(long count, long ok, long errors, Map<String, Long> errorsByKind, double meanMs,
        double p50Ms, double p95Ms, double p99Ms, double p999Ms, double maxMs, Latency serviceTime,
        Map<String, Latency> failures) {

    /** Errors as a percentage of requests (0 when there were none). */
    public double errorPct() {
        return count == 0 ? 0 : 100.0 * errors / count;
    }

    /** The headline figures as a {@link Latency}. */
    public Latency responseTime() {
        return new Latency(ok, meanMs, p50Ms, p95Ms, p99Ms, p999Ms, maxMs);
    }
}
