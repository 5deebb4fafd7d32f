package io.refsut.accounts;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.refsut.common.mongo.EffectiveMongoSettings;
import io.refsut.common.mongo.MongoSettingsReport;
import io.refsut.common.mongo.test.EmbeddedMongoResource;

/** What the user configures is what the driver uses, and a connection string asking otherwise is reported. */
@QuarkusTest
@QuarkusTestResource(EmbeddedMongoResource.class)
@TestProfile(MongoSettingsTest.Tuned.class)
class MongoSettingsTest {

    /** Non-default settings, as a benchmark would set them through environment variables. */
    public static class Tuned implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.mongodb.write-concern.w", "1",
                    "quarkus.mongodb.write-concern.journal", "false",
                    "quarkus.mongodb.write-concern.retry-writes", "false",
                    "quarkus.mongodb.read-preference", "secondaryPreferred",
                    "quarkus.mongodb.max-pool-size", "7",
                    "quarkus.mongodb.min-pool-size", "2",
                    "quarkus.mongodb.server-selection-timeout", "3s",
                    "sut.mongodb.max-wait-time", "750ms",
                    "sut.mongodb.operation-timeout", "4s");
        }
    }

    @Inject
    EffectiveMongoSettings settings;

    @Inject
    MongoSettingsReport report;

    @TestHTTPResource(value = "/metrics", management = true)
    URL metrics;

    @Test
    void driverUsesTheConfiguredSettings() {
        assertEquals("1", settings.w());
        assertEquals("false", settings.journal());
        assertEquals(false, settings.retryWrites());
        assertEquals("secondaryPreferred", settings.readPreference());
        assertEquals(7, settings.maxPoolSize());
        assertEquals(2, settings.minPoolSize());
        assertEquals(3000, settings.serverSelectionTimeoutMs());
        assertEquals("standard", settings.uuidRepresentation());
        assertEquals(750, settings.maxWaitTimeMs());
        assertEquals(4000, settings.operationTimeoutMs());
    }

    @Test
    void publishesTheEffectiveSettingsAsAGauge() {
        String scrape = given().get(metrics).then().statusCode(200).extract().asString();
        assertTrue(scrape.contains("sut_mongodb_settings{database=\"accounts\",journal=\"false\",max_pool_size=\"7\","
                + "min_pool_size=\"2\",read_concern=\"default\",read_preference=\"secondaryPreferred\","
                + "retry_writes=\"false\",w=\"1\"} 1.0"), scrape.lines().filter(l -> l.startsWith("sut_mongodb_settings"))
                        .findFirst().orElse("no sut_mongodb_settings line"));
    }

    @Test
    void reportsConnectionStringOptionsThatQuarkusOverrides() {
        List<String> conflicts = report.conflicts("mongodb://h:1/?w=majority&journal=true&retryWrites=true"
                + "&readPreference=primary");
        assertEquals(4, conflicts.size(), conflicts.toString());
        assertTrue(conflicts.get(0).contains("w=majority") && conflicts.get(0).contains("QUARKUS_MONGODB_WRITE_CONCERN_W"));
        assertTrue(conflicts.stream().anyMatch(c -> c.contains("QUARKUS_MONGODB_WRITE_CONCERN_RETRY_WRITES")));
        assertEquals(List.of(), report.conflicts("mongodb://h:1/?w=1&journal=false&retryWrites=false"
                + "&readPreference=secondaryPreferred"));
    }
}
