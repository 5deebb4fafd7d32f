package io.refsut.loadtest.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class InjectorLagTest {

    private static final long T0 = 1_800_000_000_000L;

    @Test
    void anOnTimeConstantRateIsNotFlagged() {
        long[] arrivals = LongStream.range(0, 750).map(k -> T0 + 20 * k + (k % 3)).toArray();
        InjectorReport report = new InjectorLag(50, 0, 15).analyse(arrivals, arrivals);
        assertFalse(report.fellBehind(), report.reasons().toString());
        assertEquals(50.0, report.achievedRate(), 1e-9);
        assertEquals(750, report.plannedArrivals());
        assertTrue(report.maxLagMs() <= 2);
        assertEquals(15, report.perSecond().size());
        assertTrue(report.perSecond().stream().allMatch(n -> n == 50), report.perSecond().toString());
    }

    @Test
    void aStallThatPushesArrivalsLateIsFlagged() {
        // from arrival 300 on, everything is sent 1.5 s late (a stalled injector that never catches up)
        long[] arrivals = LongStream.range(0, 750).map(k -> T0 + 20 * k + (k >= 300 ? 1500 : 0)).toArray();
        InjectorReport report = new InjectorLag(50, 0, 15).analyse(arrivals, null);
        assertTrue(report.fellBehind());
        assertEquals(1500, report.maxLagMs());
        assertEquals(450, report.lateArrivals());
        assertTrue(report.achievedRate() < 50);
        assertTrue(report.reasons().stream().anyMatch(r -> r.contains("behind plan")), report.reasons().toString());
    }

    @Test
    void anInjectorThatOnlyManagesFortyPerSecondIsFlagged() {
        long[] arrivals = LongStream.range(0, 600).map(k -> T0 + 25 * k).toArray();
        InjectorReport report = new InjectorLag(50, 0, 15).analyse(arrivals, null);
        assertTrue(report.fellBehind());
        assertEquals(40.0, report.achievedRate(), 1e-9);
        assertTrue(report.reasons().stream().anyMatch(r -> r.contains("planned")), report.reasons().toString());
    }

    @Test
    void aShortPauseThatIsCaughtUpStaysBelowTheThresholds() {
        // 5 arrivals sent 60 ms late, then back on schedule
        long[] arrivals = LongStream.range(0, 750).map(k -> T0 + 20 * k + (k >= 100 && k < 105 ? 60 : 0)).toArray();
        InjectorReport report = new InjectorLag(50, 0, 15).analyse(arrivals, null);
        assertFalse(report.fellBehind(), report.reasons().toString());
        assertEquals(60, report.maxLagMs());
    }

    @Test
    void followsALinearRampBeforeTheSteadyRate() {
        InjectorLag lag = new InjectorLag(50, 10, 20);
        long planned = Math.round(lag.plannedCount(30));
        assertEquals(250 + 1000, planned);
        long[] arrivals = LongStream.range(0, planned).map(k -> T0 + Math.round(1000 * lag.plannedInstant(k)))
                .toArray();
        InjectorReport report = lag.analyse(arrivals, null);
        assertFalse(report.fellBehind(), report.reasons().toString());
        assertEquals(50.0, report.achievedRate(), 0.05);
        assertTrue(report.perSecond().get(0) < report.perSecond().get(9));
        assertEquals(47.5, report.plannedPerSecond().get(9), 1e-9);
    }

    @Test
    void measuresTheDelayFromArrivalToSend() {
        long[] arrivals = LongStream.range(0, 100).map(k -> T0 + 20 * k).toArray();
        long[] sends = LongStream.range(0, 100).map(k -> T0 + 20 * k + (k == 99 ? 40 : 3)).toArray();
        InjectorReport report = new InjectorLag(50, 0, 2).analyse(arrivals, sends);
        assertEquals(3, report.sendDelayP99Ms());
    }

    @Test
    void noArrivalsAtAllIsFlagged() {
        InjectorReport report = new InjectorLag(50, 0, 10).analyse(new long[0], null);
        assertTrue(report.fellBehind());
        assertEquals(500, report.plannedArrivals());
    }
}
