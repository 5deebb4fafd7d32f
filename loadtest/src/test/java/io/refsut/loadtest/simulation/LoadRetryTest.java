package io.refsut.loadtest.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Which load-phase answers send a write again, how often, and after what pause. */
class LoadRetryTest {

    @Test
    void aWriteIsSentAgainOnlyAfterA5xxOrNoAnswer() {
        assertTrue(LoadSimulation.sendAgain(0, null), "the first attempt is always sent");
        assertTrue(LoadSimulation.sendAgain(1, 503));
        assertTrue(LoadSimulation.sendAgain(1, 500));
        assertTrue(LoadSimulation.sendAgain(1, null), "no answer (connection lost, timeout)");
        assertTrue(LoadSimulation.sendAgain(1, 0));
        assertFalse(LoadSimulation.sendAgain(1, 201));
        assertFalse(LoadSimulation.sendAgain(1, 409), "a 409 is confirmed by a read, not sent again");
        assertFalse(LoadSimulation.sendAgain(1, 400), "a rejected write would be rejected again");
        assertFalse(LoadSimulation.sendAgain(1, 422));
    }

    @Test
    void retriesAreBoundedAndBackOff() {
        assertEquals(3, LoadSimulation.WRITE_RETRIES);
        assertTrue(LoadSimulation.sendAgain(LoadSimulation.WRITE_RETRIES, 503));
        assertFalse(LoadSimulation.sendAgain(LoadSimulation.WRITE_RETRIES + 1, 503));
        assertEquals(Duration.ofSeconds(1), LoadSimulation.retryPause(1));
        assertEquals(Duration.ofSeconds(2), LoadSimulation.retryPause(2));
        assertEquals(Duration.ofSeconds(4), LoadSimulation.retryPause(3));
    }
}
