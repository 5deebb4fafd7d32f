package io.refsut.payments;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.UUID;

import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.refsut.common.mongo.test.CollectionTest;
import io.refsut.common.mongo.test.EmbeddedMongoResource;
import io.restassured.http.ContentType;

@QuarkusTest
@QuarkusTestResource(EmbeddedMongoResource.class)
class PaymentResourceTest extends CollectionTest {

    private static final String ACCOUNT = "6f1c1e5e-8d1a-4f43-9a55-0c8a1d3b2e01";

    PaymentResourceTest() {
        super("payments", "payments");
    }

    private static String payment(UUID id, long amount) {
        return "{\"id\":\"" + id + "\",\"accountId\":\"" + ACCOUNT + "\",\"amountMinor\":" + amount
                + ",\"currency\":\"EUR\",\"reference\":\"invoice 42\"}";
    }

    @Test
    void insertsPaymentAndStoresItWithBinaryIdsAndDate() {
        UUID id = UUID.randomUUID();
        given().contentType(ContentType.JSON).body(payment(id, 1250))
                .when().post("/payments")
                .then().statusCode(201)
                .header("Location", endsWith("/payments/" + id))
                .body("id", equalTo(id.toString()))
                .body("accountId", equalTo(ACCOUNT))
                .body("amountMinor", equalTo(1250))
                .body("reference", equalTo("invoice 42"));

        BsonDocument stored = stored().find().first();
        assertEquals(BsonBinarySubType.UUID_STANDARD.getValue(), stored.getBinary("_id").getType());
        assertEquals(id, stored.getBinary("_id").asUuid());
        assertEquals(UUID.fromString(ACCOUNT), stored.getBinary("accountId").asUuid());
        assertEquals(1250L, stored.getInt64("amountMinor").getValue());
        assertTrue(stored.get("createdAt").isDateTime());
    }

    @Test
    void findsPaymentAndAnswers404ForUnknown() {
        UUID id = UUID.randomUUID();
        given().contentType(ContentType.JSON).body(payment(id, 7)).post("/payments").then().statusCode(201);
        given().get("/payments/" + id).then().statusCode(200).body("amountMinor", equalTo(7));
        given().get("/payments/" + UUID.randomUUID()).then().statusCode(404).contentType(PROBLEM)
                .body("detail", containsString("payment"));
        given().get("/payments/xyz").then().statusCode(400).contentType(PROBLEM);
    }

    @Test
    void rejectsDuplicatePaymentIdWith409() {
        UUID id = UUID.randomUUID();
        given().contentType(ContentType.JSON).body(payment(id, 100)).post("/payments").then().statusCode(201);
        given().contentType(ContentType.JSON).body(payment(id, 999)).post("/payments")
                .then().statusCode(409).contentType(PROBLEM).body("type", equalTo("urn:refsut:problem:duplicate-id"));
        assertEquals(1, stored().countDocuments());
        assertEquals(100L, stored().find().first().getInt64("amountMinor").getValue());
    }

    @Test
    void replacesPaymentKeepingCreatedAtAnd404sForUnknown() {
        UUID id = UUID.randomUUID();
        given().contentType(ContentType.JSON).body(payment(id, 100)).post("/payments").then().statusCode(201);
        long createdAt = stored().find().first().getDateTime("createdAt").getValue();
        given().contentType(ContentType.JSON).body(payment(id, 300)).put("/payments/" + id)
                .then().statusCode(200).body("amountMinor", equalTo(300));
        BsonDocument stored = stored().find().first();
        assertEquals(300L, stored.getInt64("amountMinor").getValue());
        assertEquals(createdAt, stored.getDateTime("createdAt").getValue());
        UUID other = UUID.randomUUID();
        given().contentType(ContentType.JSON).body(payment(other, 300)).put("/payments/" + other)
                .then().statusCode(404).contentType(PROBLEM);
        assertEquals(1, stored().countDocuments());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "negative amount   | {\"accountId\":\"" + ACCOUNT + "\",\"amountMinor\":-5,\"currency\":\"EUR\",\"reference\":\"r\"}     | amountMinor",
            "zero amount       | {\"accountId\":\"" + ACCOUNT + "\",\"amountMinor\":0,\"currency\":\"EUR\",\"reference\":\"r\"}      | amountMinor",
            "fractional amount | {\"accountId\":\"" + ACCOUNT + "\",\"amountMinor\":1.5,\"currency\":\"EUR\",\"reference\":\"r\"}    | amountMinor",
            "amount as string  | {\"accountId\":\"" + ACCOUNT + "\",\"amountMinor\":\"12\",\"currency\":\"EUR\",\"reference\":\"r\"} | amountMinor",
            "missing amount    | {\"accountId\":\"" + ACCOUNT + "\",\"currency\":\"EUR\",\"reference\":\"r\"}                        | amountMinor",
            "missing account   | {\"amountMinor\":5,\"currency\":\"EUR\",\"reference\":\"r\"}                                          | accountId",
            "account not uuid  | {\"accountId\":\"abc\",\"amountMinor\":5,\"currency\":\"EUR\",\"reference\":\"r\"}                    | accountId",
            "blank reference   | {\"accountId\":\"" + ACCOUNT + "\",\"amountMinor\":5,\"currency\":\"EUR\",\"reference\":\"\"}       | reference",
            "bad currency      | {\"accountId\":\"" + ACCOUNT + "\",\"amountMinor\":5,\"currency\":\"EURO\",\"reference\":\"r\"}     | currency",
    })
    void refusesInvalidPaymentWith400AndWritesNothing(String name, String json, String field) {
        given().contentType(ContentType.JSON).body(json)
                .when().post("/payments")
                .then().statusCode(400).contentType(PROBLEM)
                .body("errors.field", hasItem(field))
                .body(not(containsString("Exception")));
        assertEquals(0, stored().countDocuments());
    }

    @Test
    void refusesPaymentDocumentOver1KiBWith413AndWritesNothing() {
        String json = "{\"accountId\":\"" + ACCOUNT + "\",\"amountMinor\":5,\"currency\":\"EUR\",\"reference\":\""
                + "r".repeat(140) + "\",\"note\":\"" + "n".repeat(1000) + "\"}";
        given().contentType(ContentType.JSON).body(json).post("/payments")
                .then().statusCode(413).contentType(PROBLEM).body("type", equalTo("urn:refsut:problem:document-too-large"));
        assertEquals(0, stored().countDocuments());
    }

    private static String withStatus(UUID id, long amount, String status) {
        return payment(id, amount).replace("}", ",\"status\":\"" + status + "\"}");
    }

    @Test
    void movesAPaymentFromPendingOnlyOnceWithAReplaceConditionalOnItsStatus() {
        UUID id = UUID.randomUUID();
        given().contentType(ContentType.JSON).body(withStatus(id, 30, "PENDING")).post("/payments")
                .then().statusCode(201).body("status", equalTo("PENDING"));

        given().contentType(ContentType.JSON).body(withStatus(id, 30, "COMPLETED"))
                .when().put("/payments/" + id + "?ifStatus=PENDING")
                .then().statusCode(200).body("status", equalTo("COMPLETED"));
        given().contentType(ContentType.JSON).body(withStatus(id, 30, "CANCELLED"))
                .when().put("/payments/" + id + "?ifStatus=PENDING")
                .then().statusCode(409).contentType(PROBLEM)
                .body("type", endsWith("status-conflict"))
                .body("detail", containsString("COMPLETED"));

        BsonDocument stored = stored().find().first();
        assertEquals("COMPLETED", stored.getString("status").getValue());
        assertTrue(stored.get("createdAt").isDateTime());
        given().get("/payments/" + id).then().statusCode(200).body("status", equalTo("COMPLETED"));
    }

    @Test
    void refusesAnUnknownStatus() {
        UUID id = UUID.randomUUID();
        given().contentType(ContentType.JSON).body(withStatus(id, 30, "DONE")).post("/payments")
                .then().statusCode(400).contentType(PROBLEM);
        given().contentType(ContentType.JSON).body(withStatus(id, 30, "PENDING"))
                .put("/payments/" + id + "?ifStatus=MAYBE").then().statusCode(400).contentType(PROBLEM);
        assertEquals(0, stored().countDocuments());
    }

    @Test
    void listsPendingPaymentsCreatedBeforeAnInstantOldestFirstABoundedPage() throws InterruptedException {
        UUID first = UUID.randomUUID();
        UUID second = UUID.randomUUID();
        UUID completed = UUID.randomUUID();
        given().contentType(ContentType.JSON).body(withStatus(first, 1, "PENDING")).post("/payments").then().statusCode(201);
        Thread.sleep(5);
        given().contentType(ContentType.JSON).body(withStatus(second, 2, "PENDING")).post("/payments").then().statusCode(201);
        given().contentType(ContentType.JSON).body(withStatus(completed, 3, "COMPLETED")).post("/payments")
                .then().statusCode(201);
        String later = java.time.Instant.now().plusSeconds(1).toString();

        given().get("/payments?status=PENDING&createdBefore=" + later + "&limit=10").then().statusCode(200)
                .body("id", org.hamcrest.Matchers.contains(first.toString(), second.toString()));
        given().get("/payments?status=PENDING&createdBefore=" + later + "&limit=1").then().statusCode(200)
                .body("id", org.hamcrest.Matchers.contains(first.toString()));
        given().get("/payments?status=PENDING&createdBefore=2020-01-01T00:00:00Z").then().statusCode(200)
                .body("size()", equalTo(0));
        given().get("/payments?status=PENDING&createdBefore=yesterday").then().statusCode(400).contentType(PROBLEM);
        given().get("/payments?status=PENDING&createdBefore=" + later + "&limit=101").then().statusCode(400)
                .contentType(PROBLEM);
        given().get("/payments?createdBefore=" + later).then().statusCode(400).contentType(PROBLEM);
    }
}
