package io.refsut.loadtest.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CapacitySearchTest {

    /** A system that holds up to {@code capacity} per second; records every step and whether it followed a failure. */
    private static final class FakeSystem implements CapacitySearch.Step {
        final double capacity;
        final List<String> calls = new ArrayList<>();

        FakeSystem(double capacity) {
            this.capacity = capacity;
        }

        @Override
        public List<String> run(double rate, boolean afterFailure) {
            calls.add((long) rate + (afterFailure ? " after failure" : ""));
            return rate <= capacity ? List.of() : List.of("p99 over the SLO");
        }
    }

    @Test
    void stepsUpUntilAFailureThenNarrowsBetweenTheLastHeldAndTheFirstFailed() {
        FakeSystem system = new FakeSystem(140);
        CapacitySearch.Outcome outcome = CapacitySearch.search(50, 1.5, 4000, 2, system);
        // 50, 75, 113 hold; 170 fails; sqrt(113 * 170) = 139 holds; sqrt(139 * 170) = 154 fails
        assertEquals(List.of(50.0, 75.0, 113.0, 170.0, 139.0, 154.0), outcome.rates());
        assertEquals(List.of("50", "75", "113", "170", "139 after failure", "154"), system.calls);
        assertEquals(139, outcome.held());
        assertEquals(154, outcome.lowestFailed());
        assertEquals(List.of("p99 over the SLO"), outcome.limit());
    }

    @Test
    void aRefinementThatFailsIsFollowedByOneAfterTheFailure() {
        FakeSystem system = new FakeSystem(120);
        CapacitySearch.Outcome outcome = CapacitySearch.search(50, 1.5, 4000, 2, system);
        // 139 fails, so the next refinement, sqrt(113 * 139) = 125, follows a failure too
        assertEquals(List.of("50", "75", "113", "170", "139 after failure", "125 after failure"), system.calls);
        assertEquals(113, outcome.held());
        assertEquals(125, outcome.lowestFailed());
    }

    @Test
    void withoutRefinementTheSearchStopsAtTheFirstFailure() {
        CapacitySearch.Outcome outcome = CapacitySearch.search(50, 1.5, 4000, 0, new FakeSystem(140));
        assertOutcome(outcome, List.of(50.0, 75.0, 113.0, 170.0), 113, 170);
    }

    @Test
    void everyStepHeldUpToTheMaximum() {
        CapacitySearch.Outcome outcome = CapacitySearch.search(50, 1.5, 200, 2, new FakeSystem(1e9));
        assertOutcome(outcome, List.of(50.0, 75.0, 113.0, 170.0), 170, 0);
        assertTrue(outcome.limit().isEmpty());
    }

    @Test
    void nothingHeldMeansNothingToRefine() {
        CapacitySearch.Outcome outcome = CapacitySearch.search(50, 1.5, 4000, 2, new FakeSystem(10));
        assertOutcome(outcome, List.of(50.0), 0, 50);
    }

    @Test
    void refinementStopsWhenNoWholeRateIsLeftBetween() {
        CapacitySearch.Outcome outcome = CapacitySearch.search(2, 1.5, 100, 5, new FakeSystem(3.5));
        // 2, 3 hold, 5 fails (round(4.5)); sqrt(3 * 5) = 4 fails; sqrt(3 * 4) = 3 is no rate between 3 and 4
        assertOutcome(outcome, List.of(2.0, 3.0, 5.0, 4.0), 3, 4);
    }

    private static void assertOutcome(CapacitySearch.Outcome outcome, List<Double> rates, double held, double failed) {
        assertEquals(rates, outcome.rates());
        assertEquals(held, outcome.held());
        assertEquals(failed, outcome.lowestFailed());
    }
}
