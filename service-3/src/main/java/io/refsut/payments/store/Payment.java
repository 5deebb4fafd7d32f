package io.refsut.payments.store;

import java.time.Instant;
import java.util.UUID;

import org.bson.codecs.pojo.annotations.BsonId;

/** A payment document of the {@code payments} collection, also the API's response body. */
public record Payment(@BsonId UUID id, UUID accountId, long amountMinor, String currency, String reference,
        String note, Instant createdAt) {
}
