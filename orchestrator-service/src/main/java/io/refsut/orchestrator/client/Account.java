package io.refsut.orchestrator.client;

import java.time.Instant;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** An account document as service-2 returns it. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Account(UUID id, String owner, String currency, String status, String note, Instant createdAt,
        Instant updatedAt) {
}
