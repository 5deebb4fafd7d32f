package io.refsut.loadtest.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When the load phase starts its users over {@link RunDriver#COLD_LOAD_RAMP} and when all at once. */
class LoadRampTest {

    @Test
    void afterAWarmUpThatEndedWarmTheUsersStartTogether() {
        Warmup.Result warm = new Warmup.Result(900, 40.0, true, List.of(80.0, 79.0, 81.0), "stopped falling");
        assertEquals(Duration.ZERO, RunDriver.loadRamp(warm));
    }

    @Test
    void aLoadWithoutAWarmUpThatEndedWarmStartsItsUsersOverTheColdRamp() {
        assertEquals(Duration.ofSeconds(20), RunDriver.COLD_LOAD_RAMP);
        // sut load (only the cold start, no concurrent warm-up) and sut run --warmup 0: no warm-up result
        assertEquals(RunDriver.COLD_LOAD_RAMP, RunDriver.loadRamp(null));
        // a warm-up that reached --warmup-max while its p50 cycle time was still falling
        Warmup.Result cold = new Warmup.Result(48, 5.0, false, List.of(705.4), "bound of 5 s reached");
        assertEquals(RunDriver.COLD_LOAD_RAMP, RunDriver.loadRamp(cold));
    }
}
