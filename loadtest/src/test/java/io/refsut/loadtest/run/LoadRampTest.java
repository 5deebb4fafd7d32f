package io.refsut.loadtest.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** When the load phase starts its users over {@link RunDriver#COLD_LOAD_RAMP} and when all at once. */
class LoadRampTest {

    @Test
    void afterTheFullWarmUpTheUsersStartTogether() {
        assertEquals(Duration.ZERO, RunDriver.loadRamp(RunSettings.Phases.LOAD_AND_RUN, Duration.ofSeconds(20)));
    }

    @Test
    void aLoadWithoutTheFullWarmUpStartsItsUsersOverTheColdRamp() {
        assertEquals(Duration.ofSeconds(20), RunDriver.COLD_LOAD_RAMP);
        // sut load only gets past the cold start, whatever --warmup says
        assertEquals(RunDriver.COLD_LOAD_RAMP,
                RunDriver.loadRamp(RunSettings.Phases.LOAD_ONLY, Duration.ofSeconds(20)));
        assertEquals(RunDriver.COLD_LOAD_RAMP, RunDriver.loadRamp(RunSettings.Phases.LOAD_ONLY, Duration.ZERO));
        // sut run --warmup 0
        assertEquals(RunDriver.COLD_LOAD_RAMP, RunDriver.loadRamp(RunSettings.Phases.LOAD_AND_RUN, Duration.ZERO));
    }
}
