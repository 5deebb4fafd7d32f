package io.refsut.loadtest.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Which load-phase answers send a write again, how often, and after what pause. */
class LoadRetryTest {

    @Test
    void aWriteIsSentAgainOnlyAfterA5xxNoAnswerOrAHalfMadeRecord() {
        assertTrue(LoadSimulation.sendAgain(0, null, null), "the first attempt is always sent");
        assertTrue(LoadSimulation.sendAgain(1, 503, null));
        assertTrue(LoadSimulation.sendAgain(1, 500, null));
        assertTrue(LoadSimulation.sendAgain(1, null, null), "no answer (connection lost, timeout)");
        assertTrue(LoadSimulation.sendAgain(1, 0, null));
        assertTrue(LoadSimulation.sendAgain(1, 409, 404), "a 409 whose record reads 404 is half-made");
        assertFalse(LoadSimulation.sendAgain(1, 201, null));
        assertFalse(LoadSimulation.sendAgain(1, 409, 200), "a 409 confirmed by the read is done");
        assertTrue(LoadSimulation.sendAgain(1, 409, 503), "a 409 whose read failed: the retry's 409 reads it again");
        assertTrue(LoadSimulation.sendAgain(1, 409, null), "a 409 whose read was not answered");
        assertFalse(LoadSimulation.sendAgain(1, 409, 400), "a read refused (4xx) is not asked again");
        assertFalse(LoadSimulation.sendAgain(1, 400, null), "a rejected write would be rejected again");
        assertFalse(LoadSimulation.sendAgain(1, 422, null));
    }

    @Test
    void retriesAreBoundedAndBackOff() {
        assertEquals(5, LoadSimulation.WRITE_RETRIES);
        assertTrue(LoadSimulation.sendAgain(LoadSimulation.WRITE_RETRIES, 503, null));
        assertFalse(LoadSimulation.sendAgain(LoadSimulation.WRITE_RETRIES + 1, 503, null));
        assertFalse(LoadSimulation.sendAgain(LoadSimulation.WRITE_RETRIES + 1, 409, 404));
        assertEquals(Duration.ofSeconds(1), LoadSimulation.retryPause(1, false));
        assertEquals(Duration.ofSeconds(2), LoadSimulation.retryPause(2, false));
        assertEquals(Duration.ofSeconds(4), LoadSimulation.retryPause(3, false));
        assertEquals(Duration.ofSeconds(8), LoadSimulation.retryPause(4, false));
        assertEquals(Duration.ofSeconds(8), LoadSimulation.retryPause(5, false));
        assertEquals(LoadSimulation.HALF_MADE_PAUSE, LoadSimulation.retryPause(2, true));
        // the orchestrator's recovery sweep deletes a late half after 30 s, swept every 10 s: three pauses cover it
        assertTrue(LoadSimulation.HALF_MADE_PAUSE.multipliedBy(3).compareTo(Duration.ofSeconds(40)) > 0);
    }
}
