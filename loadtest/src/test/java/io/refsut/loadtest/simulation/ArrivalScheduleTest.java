package io.refsut.loadtest.simulation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ArrivalScheduleTest {

    @Test
    void constantArrivalsAreEvenlySpaced() {
        double[] plan = new ArrivalSchedule(50, 0, 10).plan(ArrivalSchedule.Process.CONSTANT, 1);
        assertEquals(500, plan.length);
        assertEquals(0.0, plan[0]);
        assertEquals(0.02, plan[1], 1e-12);
        assertEquals(9.98, plan[499], 1e-9);
        int[] perSecond = ArrivalSchedule.perSecond(plan, 10);
        for (int s = 0; s < 10; s++) {
            assertEquals(50, perSecond[s]);
        }
    }

    @Test
    void aRampPlansRateTimesRampOverTwoAndEachSecondItsShare() {
        ArrivalSchedule schedule = new ArrivalSchedule(50, 5, 3);
        double[] plan = schedule.plan(ArrivalSchedule.Process.CONSTANT, 1);
        assertEquals(125 + 150, plan.length);
        int[] perSecond = ArrivalSchedule.perSecond(plan, 8);
        // Λ(s+1) − Λ(s) during the ramp: 5, 15, 25, 35, 45 (± 1 for where the integer counts fall)
        int[] expected = {5, 15, 25, 35, 45, 50, 50, 50};
        for (int s = 0; s < expected.length; s++) {
            assertTrue(Math.abs(perSecond[s] - expected[s]) <= 1, "second " + s + ": " + perSecond[s]);
        }
    }

    @Test
    void poissonArrivalsKeepTheMeanRateWithExponentialGapsAndRepeatForASeed() {
        ArrivalSchedule schedule = new ArrivalSchedule(100, 0, 200);
        double[] plan = schedule.plan(ArrivalSchedule.Process.POISSON, 42);
        assertEquals(20_000, plan.length, 20_000 * 0.03);
        double sum = 0;
        double sumSquares = 0;
        for (int k = 1; k < plan.length; k++) {
            double gap = plan[k] - plan[k - 1];
            assertTrue(gap >= 0);
            sum += gap;
            sumSquares += gap * gap;
        }
        double mean = sum / (plan.length - 1);
        double cv = Math.sqrt(sumSquares / (plan.length - 1) - mean * mean) / mean;
        assertEquals(0.01, mean, 0.0005);
        assertEquals(1.0, cv, 0.05); // exponential gaps: standard deviation = mean
        assertArrayEquals(plan, schedule.plan(ArrivalSchedule.Process.POISSON, 42));
    }
}
