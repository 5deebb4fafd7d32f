package io.refsut.loadtest.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.UUID;

import org.bson.UuidRepresentation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;

/**
 * The embedded stand-in answers a query that pins one {@code _id} among other conditions through the {@code _id} index,
 * with the same results as a scan: the other conditions still decide whether the document matches.
 */
class IdLookupBackendTest {

    private static EmbeddedMongo mongo;
    private static MongoClient client;
    private MongoCollection<org.bson.Document> balances;
    private final UUID first = UUID.randomUUID();
    private final UUID second = UUID.randomUUID();

    @BeforeAll
    static void start() {
        mongo = EmbeddedMongo.start();
        client = MongoClients.create(MongoClientSettings.builder()
                .applyConnectionString(new ConnectionString(mongo.connectionString()))
                .uuidRepresentation(UuidRepresentation.STANDARD).build());
    }

    @AfterAll
    static void stop() {
        client.close();
        mongo.close();
    }

    @BeforeEach
    void documents() {
        balances = client.getDatabase("test").getCollection("balances-" + UUID.randomUUID());
        balances.insertOne(new org.bson.Document("_id", first).append("version", 3L).append("availableMinor", 100L));
        balances.insertOne(new org.bson.Document("_id", second).append("version", 3L).append("availableMinor", 200L));
    }

    @Test
    void aReplaceConditionalOnTheVersionReplacesOnlyAtThatVersion() {
        assertEquals(0, balances.replaceOne(Filters.and(Filters.eq("_id", first), Filters.eq("version", 2L)),
                balance(first, 4L, 1L)).getMatchedCount());
        assertEquals(100L, balances.find(Filters.eq("_id", first)).first().getLong("availableMinor"));

        assertEquals(1, balances.replaceOne(Filters.and(Filters.eq("_id", first), Filters.eq("version", 3L)),
                balance(first, 4L, 90L)).getMatchedCount());
        assertEquals(90L, balances.find(Filters.eq("_id", first)).first().getLong("availableMinor"));
        assertEquals(200L, balances.find(Filters.eq("_id", second)).first().getLong("availableMinor"),
                "the other document is untouched");
    }

    @Test
    void findsWithTheIdAmongOtherConditionsAtTheTopLevelOrInAnd() {
        org.bson.Document flat = new org.bson.Document("_id", second).append("version", 3L);
        assertEquals(List.of(second), ids(flat));
        assertEquals(List.of(), ids(new org.bson.Document("_id", second).append("version", 9L)));
        assertEquals(List.of(second), ids(Filters.and(Filters.eq("version", 3L), Filters.eq("_id", second))));
        assertEquals(List.of(), ids(Filters.and(Filters.eq("_id", UUID.randomUUID()), Filters.eq("version", 3L))));
    }

    @Test
    void queriesWithoutOnePinnedIdStillScan() {
        assertEquals(2, ids(Filters.eq("version", 3L)).size());
        assertEquals(1, ids(Filters.and(Filters.in("_id", first, UUID.randomUUID()), Filters.eq("version", 3L)))
                .size());
        assertNull(IdLookupBackend.IdIndex.pinnedId(new de.bwaldvogel.mongo.bson.Document("_id", first)),
                "a query on the id alone is the index's own case");
        assertNull(IdLookupBackend.IdIndex.pinnedId(new de.bwaldvogel.mongo.bson.Document("_id",
                new de.bwaldvogel.mongo.bson.Document("$in", List.of(first))).append("version", 3L)));
        assertEquals(first, IdLookupBackend.IdIndex.pinnedId(new de.bwaldvogel.mongo.bson.Document("$and",
                List.of(new de.bwaldvogel.mongo.bson.Document("_id", first),
                        new de.bwaldvogel.mongo.bson.Document("version", 3L)))));
    }

    private List<Object> ids(org.bson.conversions.Bson filter) {
        return balances.find(filter).map(d -> d.get("_id")).into(new java.util.ArrayList<>());
    }

    private static org.bson.Document balance(UUID id, long version, long available) {
        return new org.bson.Document("_id", id).append("version", version).append("availableMinor", available);
    }
}
