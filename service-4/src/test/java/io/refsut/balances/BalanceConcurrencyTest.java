package io.refsut.balances;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jakarta.inject.Inject;

import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

import com.mongodb.client.MongoClient;
import com.mongodb.client.model.Filters;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.refsut.common.mongo.test.EmbeddedMongoResource;
import io.restassured.http.ContentType;

/** Many clients updating one hot balance at once, each re-reading and retrying on 409: no update is lost. */
@QuarkusTest
@QuarkusTestResource(EmbeddedMongoResource.class)
class BalanceConcurrencyTest {

    private static final int CLIENTS = 8;
    private static final int UPDATES_PER_CLIENT = 15;
    private static final int MAX_ATTEMPTS_PER_UPDATE = 500;
    private static final Pattern AVAILABLE = Pattern.compile("\"availableMinor\":(-?\\d+)");
    private static final Pattern VERSION = Pattern.compile("\"version\":(\\d+)");

    @TestHTTPResource("/balances")
    URL balances;

    @Inject
    MongoClient mongo;

    @Test
    void concurrentConflictingReplacesLoseNoUpdate() throws Exception {
        UUID id = UUID.randomUUID();
        long initial = 1_000_000;
        given().contentType(ContentType.JSON)
                .body("{\"id\":\"" + id + "\",\"currency\":\"EUR\",\"availableMinor\":" + initial + "}")
                .post("/balances").then().statusCode(201);

        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        URI uri = URI.create(balances + "/" + id);
        AtomicLong applied = new AtomicLong();
        AtomicLong conflicts = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        List<Future<?>> clients = new ArrayList<>();
        for (int c = 0; c < CLIENTS; c++) {
            long delta = c + 1;
            clients.add(pool.submit(() -> {
                for (int u = 0; u < UPDATES_PER_CLIENT; u++) {
                    applyWithRetry(http, uri, -delta, conflicts);
                    applied.addAndGet(-delta);
                }
                return null;
            }));
        }
        pool.shutdown();
        for (Future<?> client : clients) {
            client.get(120, TimeUnit.SECONDS);
        }
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));

        BsonDocument stored = mongo.getDatabase("balances").getCollection("balances", BsonDocument.class)
                .find(Filters.eq("_id", id)).first();
        assertEquals(initial + applied.get(), stored.getInt64("availableMinor").getValue(),
                "final balance = initial + sum of applied changes");
        assertEquals((long) CLIENTS * UPDATES_PER_CLIENT, stored.getInt64("version").getValue(),
                "one version per applied update");
        assertTrue(conflicts.get() > 0, "the clients really collided (" + conflicts.get() + " conflicts)");
    }

    private static void applyWithRetry(HttpClient http, URI uri, long delta, AtomicLong conflicts) throws Exception {
        for (int attempt = 0; attempt < MAX_ATTEMPTS_PER_UPDATE; attempt++) {
            HttpResponse<String> read = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, read.statusCode(), read.body());
            long available = number(AVAILABLE, read.body());
            long version = number(VERSION, read.body());
            String body = "{\"currency\":\"EUR\",\"availableMinor\":" + (available + delta) + ",\"version\":" + version + "}";
            HttpResponse<String> write = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10))
                    .header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofString(body)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (write.statusCode() == 200) {
                return;
            }
            assertEquals(409, write.statusCode(), write.body());
            conflicts.incrementAndGet();
        }
        throw new AssertionError("update not applied after " + MAX_ATTEMPTS_PER_UPDATE + " attempts");
    }

    private static long number(Pattern pattern, String json) {
        Matcher m = pattern.matcher(json);
        assertTrue(m.find(), json);
        return Long.parseLong(m.group(1));
    }
}
