package io.refsut.audit;

import static io.refsut.common.mongo.test.Requests.postJson;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.UUID;

import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.refsut.common.mongo.test.CollectionTest;
import io.refsut.common.mongo.test.EmbeddedMongoResource;
import io.restassured.http.ContentType;

@QuarkusTest
@QuarkusTestResource(EmbeddedMongoResource.class)
class AuditEventResourceTest extends CollectionTest {

    AuditEventResourceTest() {
        super("audit", "audit_events");
    }

    private static String event(UUID id, String type, UUID subject) {
        return "{\"id\":\"" + id + "\",\"type\":\"" + type + "\",\"subjectId\":\"" + subject
                + "\",\"requestId\":\"req-1\",\"details\":\"amount 5\"}";
    }

    @Test
    void insertsEventWithServerTimeAndFindsIt() {
        UUID id = UUID.randomUUID();
        UUID subject = UUID.randomUUID();
        postJson("/audit-events", event(id, "PAYMENT_MADE", subject))
                .statusCode(201).header("Location", endsWith("/audit-events/" + id))
                .body("type", equalTo("PAYMENT_MADE")).body("requestId", equalTo("req-1"));
        BsonDocument stored = stored().find().first();
        assertEquals(id, stored.getBinary("_id").asUuid());
        assertEquals(subject, stored.getBinary("subjectId").asUuid());
        assertEquals("PAYMENT_MADE", stored.getString("type").getValue());
        assertTrue(stored.get("occurredAt").isDateTime());

        given().get("/audit-events/" + id).then().statusCode(200).body("subjectId", equalTo(subject.toString()));
        given().get("/audit-events/" + UUID.randomUUID()).then().statusCode(404).contentType(PROBLEM);
    }

    @Test
    void rejectsDuplicateEventIdWith409() {
        UUID id = UUID.randomUUID();
        postJson("/audit-events", event(id, "ACCOUNT_CREATED", UUID.randomUUID())).statusCode(201);
        postJson("/audit-events", event(id, "ACCOUNT_UPDATED", UUID.randomUUID())).statusCode(409).contentType(PROBLEM);
        assertEquals(1, stored().countDocuments());
    }

    @Test
    void hasNoReplace() {
        UUID id = UUID.randomUUID();
        postJson("/audit-events", event(id, "ACCOUNT_CREATED", UUID.randomUUID())).statusCode(201);
        given().contentType(ContentType.JSON).body(event(id, "ACCOUNT_UPDATED", UUID.randomUUID()))
                .put("/audit-events/" + id).then().statusCode(405).contentType(PROBLEM);
        assertEquals("ACCOUNT_CREATED", stored().find().first().getString("type").getValue());
    }

    @Test
    void refusesBadEventsAndWritesNothing() {
        postJson("/audit-events", "{\"type\":\"DELETED\",\"subjectId\":\"" + UUID.randomUUID() + "\"}")
                .statusCode(400).contentType(PROBLEM)
                .body("errors.field", hasItem("type")).body("detail", containsString("ACCOUNT_CREATED"));
        postJson("/audit-events", "{\"type\":\"PAYMENT_MADE\"}").statusCode(400).contentType(PROBLEM)
                .body("errors.field", hasItem("subjectId"));
        postJson("/audit-events", "{\"type\":\"PAYMENT_MADE\",\"subjectId\":\"" + UUID.randomUUID()
                + "\",\"requestId\":\"" + "r".repeat(101) + "\"}").statusCode(400).contentType(PROBLEM)
                .body("errors.field", hasItem("requestId"));
        postJson("/audit-events", "[1,2]").statusCode(400).contentType(PROBLEM);
        assertEquals(0, stored().countDocuments());
    }
}
