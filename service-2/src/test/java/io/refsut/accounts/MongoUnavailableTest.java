package io.refsut.accounts;

import static io.refsut.common.mongo.test.Requests.postJson;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URL;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

/** With MongoDB unreachable the service answers a 503 naming it, after the server-selection timeout, not a hang. */
@QuarkusTest
@TestProfile(MongoUnavailableTest.NoMongo.class)
class MongoUnavailableTest {

    /** A loopback port that nothing listens on, and a short server-selection timeout. */
    public static class NoMongo implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            int port;
            try (ServerSocket socket = new ServerSocket(0)) {
                port = socket.getLocalPort();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            return Map.of("quarkus.mongodb.connection-string", "mongodb://127.0.0.1:" + port,
                    "quarkus.mongodb.server-selection-timeout", "1s");
        }
    }

    @TestHTTPResource(value = "/health/ready", management = true)
    URL ready;

    @Test
    void findAnswers503NamingMongoDb() {
        given().when().get("/accounts/" + UUID.randomUUID())
                .then().statusCode(503).contentType("application/problem+json")
                .body("type", equalTo("urn:refsut:problem:dependency-unavailable"))
                .body("detail", containsString("MongoDB is unavailable"));
    }

    @Test
    void insertAnswers503NamingMongoDb() {
        postJson("/accounts", "{\"owner\":\"A\",\"currency\":\"EUR\",\"status\":\"ACTIVE\"}")
                .statusCode(503).contentType("application/problem+json")
                .body("detail", containsString("MongoDB is unavailable"));
    }

    @Test
    void isNotReady() {
        given().when().get(ready).then().statusCode(503);
    }
}
