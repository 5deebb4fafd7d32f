package io.refsut.orchestrator.client;

import java.time.Instant;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * A payment document as service-3 returns it; {@code status} is PENDING, COMPLETED or CANCELLED (null on documents
 * written before the payment states: completed).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Payment(UUID id, UUID accountId, Long amountMinor, String currency, String reference, String note,
        String status, Instant createdAt) {
}
