package io.refsut.payments.store;

import java.time.Instant;
import java.util.UUID;

import org.bson.codecs.pojo.annotations.BsonId;

/**
 * A payment document of the {@code payments} collection, also the API's response body. {@code status} is
 * {@code PENDING} (written, not yet known to be debited), {@code COMPLETED} (debited) or {@code CANCELLED}
 * (compensated: not debited, or its debit restored); absent on documents written without one (read as completed).
 */
public record Payment(@BsonId UUID id, UUID accountId, long amountMinor, String currency, String reference,
        String note, String status, Instant createdAt) {
}
