package io.refsut.common.mongo.test;

import jakarta.inject.Inject;

import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.BeforeEach;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;

/**
 * Base of a data service's {@code @QuarkusTest} over one collection: the collection is emptied before each test,
 * and {@link #stored()} reads what the service wrote, as raw BSON.
 */
public abstract class CollectionTest {

    /** The media type of every error answer. */
    protected static final String PROBLEM = "application/problem+json";

    @Inject
    protected MongoClient mongo;

    private final String database;
    private final String collection;

    protected CollectionTest(String database, String collection) {
        this.database = database;
        this.collection = collection;
    }

    @BeforeEach
    void emptyTheCollection() {
        stored().deleteMany(new Document());
    }

    /** The collection under test, as raw BSON documents. */
    protected MongoCollection<BsonDocument> stored() {
        return mongo.getDatabase(database).getCollection(collection, BsonDocument.class);
    }
}
