package io.refsut.accounts.store;

import java.time.Instant;
import java.util.UUID;

import org.bson.codecs.pojo.annotations.BsonId;

/** An account document of the {@code accounts} collection, also the API's response body. */
public record Account(@BsonId UUID id, String owner, String currency, AccountStatus status, String note,
        Instant createdAt, Instant updatedAt) {
}
