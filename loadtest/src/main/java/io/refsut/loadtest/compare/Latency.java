package io.refsut.loadtest.compare;

import com.fasterxml.jackson.databind.JsonNode;
import io.refsut.loadtest.report.LatencyStats;

/**
 * The client-side figures of one operation (or of reads, writes, all operations) as summary.json states them in
 * every format: {@code count}, {@code errors}, {@code meanMs}, {@code p50Ms}, {@code p95Ms}, {@code p99Ms},
 * {@code p999Ms}, {@code maxMs}.
 */
public record Latency(long count, long errors, double meanMs, double p50Ms, double p95Ms, double p99Ms,
        double p999Ms, double maxMs) {

    /** The figures of a summary.json object (missing fields are 0). */
    public static Latency of(JsonNode node) {
        return new Latency(node.path("count").asLong(), node.path("errors").asLong(), node.path("meanMs").asDouble(),
                node.path("p50Ms").asDouble(), node.path("p95Ms").asDouble(), node.path("p99Ms").asDouble(),
                node.path("p999Ms").asDouble(), node.path("maxMs").asDouble());
    }

    /** The figures of a recomputation from simulation.log. */
    public static Latency of(LatencyStats.Figures s) {
        return new Latency(s.count(), s.errors(), s.meanMs(), s.p50Ms(), s.p95Ms(), s.p99Ms(), s.p999Ms(), s.maxMs());
    }

    /** Errors as a percentage of requests (0 when there were none). */
    public double errorPct() {
        return count == 0 ? 0 : 100.0 * errors / count;
    }
}
