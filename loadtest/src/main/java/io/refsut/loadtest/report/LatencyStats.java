package io.refsut.loadtest.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;

/**
 * Gatling's view, for cross-checking its own report only: every response of simulation.log (OK and KO, ramp
 * included), whole milliseconds, as Gatling computes its statistics table. The summary's figures come from the
 * request log instead ({@link Measurement}).
 */
public final class LatencyStats {

    /** Largest response time recorded exactly: one hour; longer ones are clamped to it. */
    static final long HIGHEST_TRACKABLE_MS = 3_600_000;
    /** Three significant digits: values up to 2047 ms are exact, larger ones within 0.1 %. */
    static final int SIGNIFICANT_DIGITS = 3;

    private static final Pattern STATUS = Pattern.compile("\\b(?:found|status[ =:]+)\\s*(\\d{3})\\b");

    private final Histogram histogram = new Histogram(HIGHEST_TRACKABLE_MS, SIGNIFICANT_DIGITS);
    private final Map<String, Long> errorsByStatus = new TreeMap<>();
    private long errors;

    /** Records one response of {@code durationMs}; {@code message} is Gatling's failure message when not ok. */
    public void record(long durationMs, boolean ok, String message) {
        histogram.recordValue(Math.min(Math.max(durationMs, 0), HIGHEST_TRACKABLE_MS));
        if (!ok) {
            errors++;
            errorsByStatus.merge(statusOf(message), 1L, Long::sum);
        }
    }

    /** Gatling-style figures: all responses, whole ms. */
    public record Figures(long count, long errors, Map<String, Long> errorsByStatus, double meanMs, long p50Ms,
            long p95Ms, long p99Ms, long p999Ms, long maxMs) {
        /** Errors as a percentage of requests (0 when there were none). */
        public double errorPct() {
            return count == 0 ? 0 : 100.0 * errors / count;
        }
    }

    /** The figures so far; all zero when nothing was recorded. */
    public Figures stats() {
        long count = histogram.getTotalCount();
        if (count == 0) {
            return new Figures(0, 0, Map.of(), 0, 0, 0, 0, 0, 0);
        }
        return new Figures(count, errors, new LinkedHashMap<>(errorsByStatus), histogram.getMean(),
                percentile(50), percentile(95), percentile(99), percentile(99.9), histogram.getMaxValue());
    }

    /** The value at {@code percentile} (0..100) in ms: the largest value the percentile's share of responses stays at or under. */
    public long percentile(double percentile) {
        return histogram.getTotalCount() == 0 ? 0 : histogram.getValueAtPercentile(percentile);
    }

    /** The HTTP status a Gatling failure message names ("status.find.in(200,201), found 503" gives "503"), else the message. */
    static String statusOf(String message) {
        if (message == null || message.isBlank()) {
            return "unknown";
        }
        Matcher matcher = STATUS.matcher(message);
        return matcher.find() ? matcher.group(1) : message.strip();
    }

    /** Per request name (in first-seen order) and overall figures of {@code requests}. */
    public static Result of(List<SimulationLog.Request> requests) {
        LatencyStats overall = new LatencyStats();
        Map<String, LatencyStats> byName = new LinkedHashMap<>();
        for (SimulationLog.Request request : requests) {
            overall.record(request.durationMillis(), request.ok(), request.message());
            byName.computeIfAbsent(request.name(), name -> new LatencyStats())
                    .record(request.durationMillis(), request.ok(), request.message());
        }
        return new Result(overall, byName);
    }

    /** Overall and per-operation accumulators. */
    public record Result(LatencyStats overall, Map<String, LatencyStats> operations) {
    }
}
