package io.refsut.loadtest.compare;

import java.util.ArrayList;
import java.util.List;

/**
 * One figure over a configuration's passed executions: median, range, coefficient of variation and outliers.
 *
 * <p>Outlier rule (needs ≥ {@value #OUTLIER_MIN_N} executions): an execution is an outlier when it lies more than
 * {@value #OUTLIER_MADS} scaled median absolute deviations (MAD × 1.4826) <em>and</em> more than
 * {@value #OUTLIER_MIN_SHARE_PCT} % of the median away from the median.
 *
 * @param values   every execution's value, in execution order
 * @param median   the median (mean of the two middle values for an even count)
 * @param min      the smallest value
 * @param max      the largest value
 * @param mean     the mean
 * @param cvPct    sample standard deviation / mean, in %; 0 for fewer than two values or a zero mean
 * @param outliers indexes (into {@code values}) of outlier executions
 */
public record Stat(List<Double> values, double median, double min, double max, double mean, double cvPct,
        List<Integer> outliers) {

    /** Fewest executions the outlier rule judges. */
    public static final int OUTLIER_MIN_N = 3;
    /** Scaled MADs from the median beyond which a value may be an outlier. */
    public static final double OUTLIER_MADS = 3;
    /** Least distance from the median, in % of the median, for a value to be an outlier. */
    public static final double OUTLIER_MIN_SHARE_PCT = 25;
    /** Scale of the MAD to a normal distribution's standard deviation. */
    static final double MAD_SCALE = 1.4826;

    /** The statistics of {@code values} (at least one). */
    public static Stat of(List<Double> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("no values");
        }
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(Double::compare);
        double median = median(sorted);
        double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        double squares = 0;
        for (double v : values) {
            squares += (v - mean) * (v - mean);
        }
        int n = values.size();
        double cv = n > 1 && mean != 0 ? 100 * Math.sqrt(squares / (n - 1)) / Math.abs(mean) : 0;
        List<Integer> outliers = new ArrayList<>();
        if (n >= OUTLIER_MIN_N) {
            List<Double> deviations = new ArrayList<>();
            for (double v : values) {
                deviations.add(Math.abs(v - median));
            }
            deviations.sort(Double::compare);
            double mad = MAD_SCALE * median(deviations);
            for (int i = 0; i < n; i++) {
                double distance = Math.abs(values.get(i) - median);
                if (distance > OUTLIER_MADS * mad && distance > OUTLIER_MIN_SHARE_PCT / 100 * Math.abs(median)) {
                    outliers.add(i);
                }
            }
        }
        return new Stat(List.copyOf(values), median, sorted.get(0), sorted.get(n - 1), mean, cv, List.copyOf(outliers));
    }

    private static double median(List<Double> sorted) {
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** Number of values. */
    public int n() {
        return values.size();
    }

    /**
     * Whether this figure and {@code other} differ beyond the run-to-run spread: both have at least two executions
     * and their min–max ranges do not overlap.
     */
    public boolean differsFrom(Stat other) {
        return judged(other) && (max < other.min || other.max < min);
    }

    /** Whether both sides have the two executions the difference rule needs. */
    public boolean judged(Stat other) {
        return n() >= 2 && other.n() >= 2;
    }
}
