package io.refsut.balances;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.UUID;

import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.refsut.common.mongo.test.CollectionTest;
import io.refsut.common.mongo.test.EmbeddedMongoResource;
import io.restassured.http.ContentType;

@QuarkusTest
@QuarkusTestResource(EmbeddedMongoResource.class)
class BalanceResourceTest extends CollectionTest {

    BalanceResourceTest() {
        super("balances", "balances");
    }

    private static void create(UUID id, long available) {
        given().contentType(ContentType.JSON)
                .body("{\"id\":\"" + id + "\",\"currency\":\"EUR\",\"availableMinor\":" + available + "}")
                .post("/balances").then().statusCode(201).body("version", equalTo(0));
    }

    private static String replace(long available, long version, String applied) {
        return "{\"currency\":\"EUR\",\"availableMinor\":" + available + ",\"version\":" + version
                + (applied == null ? "" : ",\"appliedPayments\":[\"" + applied + "\"]") + "}";
    }

    @Test
    void insertsBalanceAtVersionZero() {
        UUID id = UUID.randomUUID();
        create(id, 10_000);
        BsonDocument stored = stored().find().first();
        assertEquals(id, stored.getBinary("_id").asUuid());
        assertEquals(10_000L, stored.getInt64("availableMinor").getValue());
        assertEquals(0L, stored.getInt64("version").getValue());
        assertEquals(0, stored.getArray("appliedPayments").size());
        given().get("/balances/" + id).then().statusCode(200).body("availableMinor", equalTo(10_000));
    }

    @Test
    void replaceWithTheReadVersionAppliesAndIncrementsIt() {
        UUID id = UUID.randomUUID();
        UUID payment = UUID.randomUUID();
        create(id, 10_000);
        given().contentType(ContentType.JSON).body(replace(9_000, 0, payment.toString()))
                .put("/balances/" + id)
                .then().statusCode(200).body("version", equalTo(1)).body("availableMinor", equalTo(9_000))
                .body("appliedPayments", hasItem(payment.toString()));
        BsonDocument stored = stored().find().first();
        assertEquals(9_000L, stored.getInt64("availableMinor").getValue());
        assertEquals(1L, stored.getInt64("version").getValue());
        List<BsonValue> applied = stored.getArray("appliedPayments").getValues();
        assertEquals(payment, applied.get(0).asBinary().asUuid());
    }

    @Test
    void replaceWithAStaleVersionAnswers409AndChangesNothing() {
        UUID id = UUID.randomUUID();
        create(id, 10_000);
        given().contentType(ContentType.JSON).body(replace(9_000, 0, null)).put("/balances/" + id)
                .then().statusCode(200);
        given().contentType(ContentType.JSON).body(replace(1, 0, null)).put("/balances/" + id)
                .then().statusCode(409).contentType(PROBLEM)
                .body("type", equalTo("urn:refsut:problem:version-conflict"))
                .body("detail", containsString("is at version 1, not 0"));
        BsonDocument stored = stored().find().first();
        assertEquals(9_000L, stored.getInt64("availableMinor").getValue());
        assertEquals(1L, stored.getInt64("version").getValue());
    }

    @Test
    void replaceOfUnknownBalanceAnswers404AndCreatesNothing() {
        given().contentType(ContentType.JSON).body(replace(1, 0, null)).put("/balances/" + UUID.randomUUID())
                .then().statusCode(404).contentType(PROBLEM);
        assertEquals(0, stored().countDocuments());
    }

    @Test
    void refusesBadInputAndWritesNothing() {
        UUID id = UUID.randomUUID();
        given().contentType(ContentType.JSON).body("{\"currency\":\"EUR\"}").post("/balances")
                .then().statusCode(400).contentType(PROBLEM).body("errors.field", hasItem("availableMinor"));
        given().contentType(ContentType.JSON).body("{\"currency\":\"EUR\",\"availableMinor\":\"a lot\"}").post("/balances")
                .then().statusCode(400).contentType(PROBLEM).body("errors.field", hasItem("availableMinor"));
        given().contentType(ContentType.JSON)
                .body("{\"currency\":\"EUR\",\"availableMinor\":1,\"appliedPayments\":[\"nope\"]}").post("/balances")
                .then().statusCode(400).contentType(PROBLEM).body("detail", containsString("appliedPayments"));
        assertEquals(0, stored().countDocuments());

        create(id, 5);
        given().contentType(ContentType.JSON).body("{\"currency\":\"EUR\",\"availableMinor\":1}").put("/balances/" + id)
                .then().statusCode(400).contentType(PROBLEM).body("errors.field", hasItem("version"));
        given().contentType(ContentType.JSON).body(replace(1, -1, null)).put("/balances/" + id)
                .then().statusCode(400).contentType(PROBLEM).body("errors.field", hasItem("version"));
        String seventeen = String.join(",", java.util.Collections.nCopies(17, "\"" + UUID.randomUUID() + "\""));
        given().contentType(ContentType.JSON)
                .body("{\"currency\":\"EUR\",\"availableMinor\":1,\"version\":0,\"appliedPayments\":[" + seventeen + "]}")
                .put("/balances/" + id)
                .then().statusCode(400).contentType(PROBLEM).body("errors.field", hasItem("appliedPayments"));
        assertEquals(0L, stored().find().first().getInt64("version").getValue());
        assertEquals(5L, stored().find().first().getInt64("availableMinor").getValue());
    }

    @Test
    void deletesABalanceOnlyWhileItIsStillAtTheVersionGiven() {
        UUID untouched = UUID.randomUUID();
        UUID debited = UUID.randomUUID();
        create(untouched, 100);
        create(debited, 100);
        given().contentType(ContentType.JSON).body(replace(90, 0, null)).put("/balances/" + debited)
                .then().statusCode(200);

        given().delete("/balances/" + untouched).then().statusCode(400).contentType(PROBLEM);
        given().delete("/balances/" + debited + "?ifVersion=0").then().statusCode(409).contentType(PROBLEM)
                .body("detail", containsString("version 1"));
        given().delete("/balances/" + untouched + "?ifVersion=0").then().statusCode(204);
        given().delete("/balances/" + untouched + "?ifVersion=0").then().statusCode(404).contentType(PROBLEM);

        assertEquals(1, stored().countDocuments());
        given().get("/balances/" + debited).then().statusCode(200).body("availableMinor", equalTo(90));
    }
}
