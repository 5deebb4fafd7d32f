package io.refsut.balances.store;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import org.bson.codecs.pojo.annotations.BsonId;

/**
 * A balance document of the {@code balances} collection (its id is the account's), also the API's response body.
 * {@code version} counts the replaces, for optimistic concurrency; {@code appliedPayments} lists the most recent
 * payments already debited, so a client can tell whether its debit was applied.
 */
public record Balance(@BsonId UUID id, String currency, long availableMinor, long version, List<UUID> appliedPayments,
        String note, Instant updatedAt) {
}
