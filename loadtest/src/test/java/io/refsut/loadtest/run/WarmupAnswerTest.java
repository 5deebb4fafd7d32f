package io.refsut.loadtest.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WarmupAnswerTest {

    @Test
    void anUnexpectedAnswerQuotesItsProblemOnOneLine() {
        String problem = "{\n  \"type\": \"urn:refsut:problem:dependency-unavailable\",\n  \"title\": \"Service "
                + "Unavailable\",\n  \"status\": 503,\n  \"detail\": \"accounts did not answer\"\n}";

        assertEquals(": { \"type\": \"urn:refsut:problem:dependency-unavailable\", \"title\": \"Service Unavailable\", "
                + "\"status\": 503, \"detail\": \"accounts did not answer\" }", Warmup.answer(problem));
    }

    @Test
    void anEmptyAnswerAddsNothingAndALongOneIsCut() {
        assertEquals("", Warmup.answer(""));
        assertEquals("", Warmup.answer(null));
        String cut = Warmup.answer("x".repeat(1000));
        assertEquals(": " + "x".repeat(300) + "…", cut);
        assertTrue(cut.length() < 310, cut);
    }
}
