package io.refsut.loadtest.report;

import java.util.List;

/**
 * How well the injector kept to the arrival schedule in the measured window. An arrival's <b>lag</b> is the time
 * from its intended start to the instant the injector issued it. An arrival is <b>late</b> when its lag exceeds
 * {@code lateThresholdMs}: ten arrival intervals ({@code 10 / rate}), at least {@value Measurement#LATE_FLOOR_MS} ms
 * (scheduling noise), at most {@value Measurement#LATE_CEILING_MS} ms.
 *
 * @param arrivalProcess   {@code constant} or {@code poisson}
 * @param plannedArrivals  arrivals the schedule intended in the window
 * @param sentArrivals     arrivals the injector issued within the window
 * @param achievedRate     {@code sentArrivals / window seconds}
 * @param shortfallPct     {@code 100 · (planned − sent) / planned}, never below 0
 * @param lateThresholdMs  lag above which an arrival is late
 * @param lateArrivals     arrivals of the window that were late
 * @param latePct          their share, percent
 * @param meanLagMs        mean lag
 * @param p99LagMs         99th percentile of the lag
 * @param maxLagMs         largest lag
 * @param perSecond        lag per second of the window
 * @param fellBehind       whether more than {@value Measurement#LATE_LIMIT_PCT} % of arrivals were late
 * @param reasons          what flagged it (empty when on schedule)
 */
public record InjectorReport(String arrivalProcess, long plannedArrivals, long sentArrivals, double achievedRate,
        double shortfallPct, double lateThresholdMs, long lateArrivals, double latePct, double meanLagMs,
        double p99LagMs, double maxLagMs, List<LagSecond> perSecond, boolean fellBehind, List<String> reasons) {

    /**
     * Scheduling lag of the arrivals intended in one second of the window.
     *
     * @param second   seconds since the window's start
     * @param planned  arrivals intended in it
     * @param sent     arrivals issued in it (whenever intended)
     * @param p99LagMs 99th percentile of the lag of those intended in it (nearest rank)
     * @param maxLagMs their largest lag
     */
    public record LagSecond(int second, long planned, long sent, double p99LagMs, double maxLagMs) {
    }
}
