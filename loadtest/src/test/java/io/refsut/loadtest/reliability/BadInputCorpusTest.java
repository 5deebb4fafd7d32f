package io.refsut.loadtest.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class BadInputCorpusTest {

    private final List<BadInputCorpus.Case> corpus = BadInputCorpus.build(UUID.randomUUID());

    @Test
    void holdsAtLeast150DistinctRequestsForEveryService() {
        assertTrue(corpus.size() >= 150, "only " + corpus.size());
        Set<String> targets = new HashSet<>();
        Set<String> kinds = new HashSet<>();
        corpus.forEach(c -> {
            targets.add(c.target());
            kinds.add(c.kind());
        });
        assertEquals(Set.of("orchestrator", "accounts", "payments", "balances", "audit"), targets);
        assertTrue(kinds.containsAll(Set.of("malformed-json", "wrong-type", "missing-field", "extra-field",
                "duplicate-field", "invalid-id", "control-character", "invalid-utf8", "huge-string", "number",
                "document-over-1KiB", "body-over-limit", "content-type", "method", "path", "mongo-operator",
                "management")), kinds.toString());
    }

    @Test
    void controlCharacterCasesReallyCarryNul() {
        assertTrue(corpus.stream().anyMatch(c -> c.kind().equals("control-character")
                && new String(c.body(), java.nio.charset.StandardCharsets.UTF_8).contains("\\u0000")));
    }

    @Test
    void judgesOnlyA4xxProblemWithoutInternalsAsARefusal() {
        String problem = "{\"type\":\"urn:refsut:problem:validation\",\"status\":400,\"detail\":\"owner: must not be blank\"}";
        assertNull(BadInputPart.judge(400, "application/problem+json", problem));
        assertNotNull(BadInputPart.judge(201, "application/json", "{}"));
        assertNotNull(BadInputPart.judge(500, "application/problem+json", problem));
        assertNotNull(BadInputPart.judge(400, "text/html", "<html>"));
        assertNotNull(BadInputPart.judge(400, "application/problem+json",
                "{\"detail\":\"com.fasterxml.jackson.core.JsonParseException: Unexpected character\"}"));
        assertNotNull(BadInputPart.judge(400, "application/problem+json",
                "{\"detail\":\"x\\n\\tat io.refsut.accounts.rest.AccountResource.create(AccountResource.java:42)\"}"));
    }
}
