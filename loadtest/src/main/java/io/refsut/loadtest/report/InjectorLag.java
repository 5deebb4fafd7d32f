package io.refsut.loadtest.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Compares actual arrival instants with the open-model schedule: a linear ramp from 0 to {@code rate}/s over
 * {@code ramp} seconds (Gatling's {@code rampUsersPerSec(0).to(rate)}), then {@code rate}/s for {@code duration}.
 *
 * <p>The planned instant of arrival k (0-based) is the time at which the schedule's cumulative count reaches k
 * (k/rate without a ramp). The schedule is anchored where the earliest-relative arrival has zero lag, so the lag
 * of an arrival is how much later than its plan it was sent compared with the best-kept arrival; an injector
 * that keeps up has lags of a few ms. The run is flagged {@code fellBehind} when any of these holds:
 * <ul>
 * <li>any arrival is more than {@value #MAX_LAG_MS} ms behind plan;</li>
 * <li>more than {@value #LATE_FRACTION_PCT} % of arrivals are more than {@value #LATE_MS} ms behind plan;</li>
 * <li>a whole second of the steady window has fewer arrivals than planned minus the larger of
 * {@value #SECOND_TOLERANCE_PCT} % and {@value #SECOND_TOLERANCE_ARRIVALS} arrivals;</li>
 * <li>fewer than {@value #SENT_PCT} % of the planned arrivals (less one, for rounding) were sent at all.</li>
 * </ul>
 */
public final class InjectorLag {

    /** Lag above which an arrival counts as late. */
    public static final long LATE_MS = 250;
    /** Share of late arrivals (percent) above which the injector fell behind. */
    public static final double LATE_FRACTION_PCT = 1.0;
    /** Lag of a single arrival above which the injector fell behind. */
    public static final long MAX_LAG_MS = 1000;
    /** Relative shortfall of one steady second that flags the run. */
    public static final double SECOND_TOLERANCE_PCT = 20.0;
    /** Share of planned arrivals (percent) that must have been sent. */
    public static final double SENT_PCT = 99.0;
    /** Absolute shortfall (arrivals) of one steady second below which it is not flagged, for low rates. */
    public static final int SECOND_TOLERANCE_ARRIVALS = 3;

    private final double rate;
    private final double rampSeconds;
    private final double durationSeconds;

    /** A schedule of {@code rate}/s after a ramp of {@code rampSeconds}, for {@code durationSeconds}. */
    public InjectorLag(double rate, double rampSeconds, double durationSeconds) {
        if (rate <= 0) {
            throw new IllegalArgumentException("rate must be positive: " + rate);
        }
        this.rate = rate;
        this.rampSeconds = Math.max(0, rampSeconds);
        this.durationSeconds = Math.max(0, durationSeconds);
    }

    /** Arrivals the schedule plans in its first {@code t} seconds. */
    double plannedCount(double t) {
        if (t <= 0) {
            return 0;
        }
        if (t < rampSeconds) {
            return rate * t * t / (2 * rampSeconds);
        }
        double end = rampSeconds + durationSeconds;
        return rate * rampSeconds / 2 + rate * (Math.min(t, end) - rampSeconds);
    }

    /** Instant (s from the anchor) at which the schedule plans arrival {@code k}. */
    double plannedInstant(long k) {
        double rampArrivals = rate * rampSeconds / 2;
        if (k < rampArrivals) {
            return Math.sqrt(2 * rampSeconds * k / rate);
        }
        return rampSeconds + (k - rampArrivals) / rate;
    }

    /** Analyses {@code arrivals} (epoch ms) and, when given, {@code sends} (epoch ms of each arrival's request). */
    public InjectorReport analyse(long[] arrivals, long[] sends) {
        long[] actual = arrivals.clone();
        Arrays.sort(actual);
        long planned = Math.round(plannedCount(rampSeconds + durationSeconds));
        if (actual.length == 0) {
            return new InjectorReport(0, planned, 0, durationSeconds, 0, 0, 0, 0, 0, 0, List.of(), List.of(),
                    planned > 0, planned > 0 ? List.of("no arrivals at all") : List.of());
        }
        double[] offsets = new double[actual.length];
        double anchor = Double.MAX_VALUE;
        for (int k = 0; k < actual.length; k++) {
            offsets[k] = actual[k] - 1000 * plannedInstant(k);
            anchor = Math.min(anchor, offsets[k]);
        }
        long[] lags = new long[actual.length];
        double lagSum = 0;
        long late = 0;
        for (int k = 0; k < actual.length; k++) {
            lags[k] = Math.round(offsets[k] - anchor);
            lagSum += lags[k];
            if (lags[k] > LATE_MS) {
                late++;
            }
        }
        long[] sortedLags = lags.clone();
        Arrays.sort(sortedLags);

        int seconds = (int) Math.ceil((actual[actual.length - 1] - anchor) / 1000.0 + 1e-9);
        seconds = Math.max(seconds, (int) Math.ceil(rampSeconds + durationSeconds));
        long[] perSecond = new long[seconds];
        long inSteady = 0;
        for (long t : actual) {
            double s = (t - anchor) / 1000.0;
            int bucket = (int) Math.floor(s);
            if (bucket >= 0 && bucket < seconds) {
                perSecond[bucket]++;
            }
            if (s >= rampSeconds && s < rampSeconds + durationSeconds) {
                inSteady++;
            }
        }
        List<Long> perSecondList = new ArrayList<>(seconds);
        List<Double> plannedList = new ArrayList<>(seconds);
        double worstPct = 100;
        int worstSecond = -1;
        for (int s = 0; s < seconds; s++) {
            double expected = plannedCount(s + 1) - plannedCount(s);
            perSecondList.add(perSecond[s]);
            plannedList.add(expected);
            boolean wholeSteadySecond = s >= Math.ceil(rampSeconds) && s + 1 <= rampSeconds + durationSeconds;
            if (wholeSteadySecond && expected > 0) {
                double pct = 100.0 * perSecond[s] / expected;
                if (pct < worstPct) {
                    worstPct = pct;
                    worstSecond = s;
                }
            }
        }

        List<String> reasons = new ArrayList<>();
        long maxLag = sortedLags[sortedLags.length - 1];
        if (maxLag > MAX_LAG_MS) {
            reasons.add(String.format(Locale.ROOT, "an arrival was %d ms behind plan (limit %d ms)", maxLag, MAX_LAG_MS));
        }
        double latePct = 100.0 * late / actual.length;
        if (latePct > LATE_FRACTION_PCT) {
            reasons.add(String.format(Locale.ROOT, "%.1f %% of arrivals were more than %d ms late (limit %.1f %%)",
                    latePct, LATE_MS, LATE_FRACTION_PCT));
        }
        if (worstSecond >= 0) {
            double expected = plannedList.get(worstSecond);
            double tolerance = Math.max(expected * SECOND_TOLERANCE_PCT / 100, SECOND_TOLERANCE_ARRIVALS);
            if (perSecond[worstSecond] < expected - tolerance) {
                reasons.add(String.format(Locale.ROOT, "second %d had %d arrivals, %.1f planned", worstSecond,
                        perSecond[worstSecond], expected));
            }
        }
        if (actual.length < planned * SENT_PCT / 100 - 1) {
            reasons.add(String.format(Locale.ROOT, "%d arrivals sent, %d planned", actual.length, planned));
        }
        double achieved = durationSeconds > 0 ? inSteady / durationSeconds : 0;
        return new InjectorReport(actual.length, planned, achieved, durationSeconds, lagSum / actual.length,
                percentile(sortedLags, 99), maxLag, late, worstSecond >= 0 ? worstPct : 100, sendDelayP99(actual, sends),
                List.copyOf(perSecondList), List.copyOf(plannedList), !reasons.isEmpty(), List.copyOf(reasons));
    }

    private static long sendDelayP99(long[] sortedArrivals, long[] sends) {
        if (sends == null || sends.length == 0) {
            return 0;
        }
        long[] sortedSends = sends.clone();
        Arrays.sort(sortedSends);
        int n = Math.min(sortedArrivals.length, sortedSends.length);
        long[] delays = new long[n];
        for (int i = 0; i < n; i++) {
            delays[i] = Math.max(0, sortedSends[i] - sortedArrivals[i]);
        }
        Arrays.sort(delays);
        return percentile(delays, 99);
    }

    /** Nearest-rank percentile of sorted {@code values}. */
    static long percentile(long[] sorted, double pct) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(pct / 100 * sorted.length);
        return sorted[Math.min(Math.max(rank, 1), sorted.length) - 1];
    }
}
