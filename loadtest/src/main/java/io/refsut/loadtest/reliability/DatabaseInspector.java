package io.refsut.loadtest.reliability;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.bson.UuidRepresentation;

/**
 * Reads the services' collections directly with the MongoDB driver (not through the services), to count documents
 * and to check what a run left behind.
 */
final class DatabaseInspector implements AutoCloseable {

    /** Every collection of the system, as {@code database/collection} (docs/CONTRACT.md). */
    static final List<String> COLLECTIONS = List.of("accounts/accounts", "payments/payments", "balances/balances",
            "audit/audit_events");

    private final MongoClient client;

    DatabaseInspector(String connectionString) {
        this.client = MongoClients.create(MongoClientSettings.builder()
                .applyConnectionString(new ConnectionString(connectionString))
                .uuidRepresentation(UuidRepresentation.STANDARD)
                .applyToClusterSettings(b -> b.serverSelectionTimeout(10, TimeUnit.SECONDS))
                .build());
    }

    /** The document count of every collection, in the order of {@link #COLLECTIONS}. */
    Map<String, Long> counts() {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (String name : COLLECTIONS) {
            counts.put(name, collection(name).countDocuments());
        }
        return counts;
    }

    MongoCollection<Document> collection(String databaseSlashCollection) {
        String[] parts = databaseSlashCollection.split("/", 2);
        return client.getDatabase(parts[0]).getCollection(parts[1]);
    }

    @Override
    public void close() {
        client.close();
    }
}
