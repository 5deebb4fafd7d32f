package io.refsut.loadtest.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class StoreProcessTest {

    @TempDir
    Path dir;

    @Test
    @Timeout(60)
    void theStoreStartsWhenItsJvmPrintsBeforeTheConnectionStringAndTheLogKeepsWhatItPrinted() throws Exception {
        Path log = dir.resolve("store.log");
        // --show-version prints the JDK's version on standard output before the store's first line
        try (StoreProcess store = StoreProcess.start(List.of("--show-version", "-Xmx128m"), log);
                MongoClient client = MongoClients.create(store.connectionString())) {
            assertTrue(store.connectionString().startsWith("mongodb://127.0.0.1:"), store.connectionString());
            Document ping = client.getDatabase("admin").runCommand(new Document("ping", 1));
            assertEquals(1.0, ping.get("ok", Number.class).doubleValue(), ping.toJson());
            String logged = Files.readString(log);
            assertTrue(logged.contains(Runtime.version().feature() + ""), "the JVM's version line is in the log: "
                    + logged);
            assertFalse(logged.contains("mongodb://"), "the connection string is not: " + logged);
        }
    }
}
