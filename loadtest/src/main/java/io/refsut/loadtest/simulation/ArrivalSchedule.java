package io.refsut.loadtest.simulation;

import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The run phase's arrival schedule, computed before the run so that every arrival's <em>intended</em> start is known
 * independently of when the injector actually got round to it. The rate rises linearly from 0 to {@code rate} over
 * {@code rampSeconds}, then stays at {@code rate} for {@code constantSeconds}; its cumulative count is
 * {@code Λ(t) = rate·t²/(2·ramp)} during the ramp and {@code rate·ramp/2 + rate·(t − ramp)} after it.
 *
 * <p>Arrival {@code k} (0-based) is intended at {@code Λ⁻¹(u_k)}: with {@link Process#CONSTANT} {@code u_k = k}
 * (evenly spaced, the first at 0), with {@link Process#POISSON} {@code u_k} is the sum of {@code k + 1}
 * exponential(1) draws from a generator seeded by the run (a Poisson process of intensity {@code rate(t)}, by time
 * change). An arrival belongs to the run when {@code u_k < Λ(ramp + constant)}.
 */
public final class ArrivalSchedule {

    /** How arrivals are spaced. */
    public enum Process {
        /** Evenly spaced (the published runs' process). */
        CONSTANT,
        /** Exponential gaps, as independent users would arrive. */
        POISSON;

        /** Parses {@code constant} or {@code poisson}. */
        public static Process parse(String value) {
            return switch (value.trim().toLowerCase(Locale.ROOT)) {
                case "constant" -> CONSTANT;
                case "poisson" -> POISSON;
                default -> throw new IllegalArgumentException("--arrivals must be constant or poisson: " + value);
            };
        }

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final double rate;
    private final double rampSeconds;
    private final double constantSeconds;

    public ArrivalSchedule(double rate, double rampSeconds, double constantSeconds) {
        if (!(rate > 0) || rampSeconds < 0 || constantSeconds < 0) {
            throw new IllegalArgumentException("rate must be > 0, ramp and duration >= 0");
        }
        this.rate = rate;
        this.rampSeconds = rampSeconds;
        this.constantSeconds = constantSeconds;
    }

    /** Arrivals the schedule plans in its first {@code t} seconds, {@code Λ(t)}. */
    public double cumulative(double t) {
        if (t <= 0) {
            return 0;
        }
        double end = rampSeconds + constantSeconds;
        double clamped = Math.min(t, end);
        if (clamped < rampSeconds) {
            return rate * clamped * clamped / (2 * rampSeconds);
        }
        return rate * rampSeconds / 2 + rate * (clamped - rampSeconds);
    }

    /** The instant (s) at which the cumulative count reaches {@code u}, {@code Λ⁻¹(u)}. */
    public double instant(double u) {
        double rampArrivals = rate * rampSeconds / 2;
        if (u < rampArrivals) {
            return Math.sqrt(2 * rampSeconds * u / rate);
        }
        return rampSeconds + (u - rampArrivals) / rate;
    }

    /** Intended start of every arrival, seconds from the schedule's start, ascending. */
    public double[] plan(Process process, long seed) {
        double total = cumulative(rampSeconds + constantSeconds);
        int capacity = (int) Math.min(Integer.MAX_VALUE - 8, Math.ceil(total * 1.1 + 64));
        double[] instants = new double[capacity];
        int n = 0;
        SplittableRandom random = new SplittableRandom(seed);
        double u = process == Process.CONSTANT ? 0 : -Math.log(1 - random.nextDouble());
        while (u < total - 1e-9) {
            if (n == instants.length) {
                instants = java.util.Arrays.copyOf(instants, (int) Math.min(Integer.MAX_VALUE - 8, n * 2L));
            }
            instants[n++] = instant(u);
            u += process == Process.CONSTANT ? 1 : -Math.log(1 - random.nextDouble());
        }
        return java.util.Arrays.copyOf(instants, n);
    }

    /** How many of {@code instants} fall in each whole second {@code [s, s+1)} of the schedule. */
    public static int[] perSecond(double[] instants, double seconds) {
        int[] counts = new int[(int) Math.ceil(seconds) + 1];
        for (double t : instants) {
            int s = (int) Math.floor(t);
            counts[Math.min(Math.max(s, 0), counts.length - 1)]++;
        }
        return counts;
    }
}
