package io.refsut.loadtest.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class HealthAnswerTest {

    @Test
    void namesEveryCheckThatIsNotUpWithItsData() {
        String body = "{\"status\":\"DOWN\",\"checks\":[{\"name\":\"MongoDB connection health check\",\"status\":"
                + "\"DOWN\",\"data\":{\"<default-reactive>\":\"KO, reason: Timed out\"}},{\"name\":\"other\","
                + "\"status\":\"UP\"}]}";

        assertEquals("health answered 503, MongoDB connection health check DOWN {\"<default-reactive>\":\"KO, reason: "
                + "Timed out\"}", LocalStack.downChecks(503, body));
    }

    @Test
    void anAnswerThatIsNotHealthJsonGivesTheStatusAlone() {
        assertEquals("health answered 404", LocalStack.downChecks(404, "<html>not found</html>"));
        assertEquals("health answered 503", LocalStack.downChecks(503, ""));
    }
}
