package io.refsut.loadtest.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ShortErrorTest {

    @Test
    void keepsTheRequestTheStatusAndTheProblemDetail() {
        String error = "GET https://127.0.0.1:8443/api/v1/accounts/43eac56e-4b6d-4f72-be46-e6a297d6c46d -> 503 "
                + "{\"type\":\"urn:refsut:problem:dependency-unavailable\",\"title\":\"Service Unavailable\",\"status\":503,"
                + "\"detail\":\"dependency 'accounts' is unavailable: no answer within the timeout\",\"instance\":\"/x\"}";
        assertEquals("GET https://127.0.0.1:8443/api/v1/accounts/43eac56e-4b6d-4f72-be46-e6a297d6c46d -> 503 "
                + "dependency 'accounts' is unavailable: no answer within the timeout", BenchRunner.shortError(error));
    }

    @Test
    void anErrorWithoutAProblemIsCutAt200Characters() {
        assertEquals("injector: more than 512 operations in flight",
                BenchRunner.shortError("injector: more than 512 operations in flight"));
        String shortened = BenchRunner.shortError("x".repeat(500));
        assertEquals(203, shortened.length());
        assertTrue(shortened.endsWith("..."));
    }
}
