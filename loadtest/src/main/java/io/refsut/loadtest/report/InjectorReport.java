package io.refsut.loadtest.report;

import java.util.List;

/**
 * How exactly the injector kept to its open-model schedule.
 *
 * @param arrivals          arrivals counted (run-phase user starts; request starts when the log has no users)
 * @param plannedArrivals   arrivals the schedule plans for the ramp plus the steady window
 * @param achievedRate      arrivals per second during the steady window (after the ramp)
 * @param steadySeconds     length of the steady window used for {@code achievedRate}
 * @param meanLagMs         mean lag of an arrival behind its planned instant
 * @param p99LagMs          99th percentile of that lag
 * @param maxLagMs          largest lag
 * @param lateArrivals      arrivals more than {@link InjectorLag#LATE_MS} ms behind plan
 * @param worstSecondPct    the steady second with the fewest arrivals, as a percentage of the planned count
 * @param sendDelayP99Ms    99th percentile of the time from an arrival to its request being sent
 * @param perSecond         arrivals counted in each second since the schedule's anchor
 * @param plannedPerSecond  arrivals planned in each of those seconds
 * @param fellBehind        whether any criterion in {@code reasons} was met
 * @param reasons           human-readable criteria that flagged the run (empty when on time)
 */
public record InjectorReport(long arrivals, long plannedArrivals, double achievedRate, double steadySeconds,
        double meanLagMs, long p99LagMs, long maxLagMs, long lateArrivals, double worstSecondPct, long sendDelayP99Ms,
        List<Long> perSecond, List<Double> plannedPerSecond, boolean fellBehind, List<String> reasons) {
}
