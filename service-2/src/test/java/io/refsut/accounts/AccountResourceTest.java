package io.refsut.accounts;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Date;
import java.util.UUID;

import org.bson.BsonBinarySubType;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.junit.jupiter.api.Test;

import com.mongodb.client.model.Filters;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.refsut.common.mongo.test.CollectionTest;
import io.refsut.common.mongo.test.EmbeddedMongoResource;
import io.restassured.http.ContentType;

@QuarkusTest
@QuarkusTestResource(EmbeddedMongoResource.class)
class AccountResourceTest extends CollectionTest {

    AccountResourceTest() {
        super("accounts", "accounts");
    }

    private static String body(String id, String owner, String currency, String status, String note) {
        StringBuilder json = new StringBuilder("{");
        if (id != null) {
            json.append("\"id\":\"").append(id).append("\",");
        }
        json.append("\"owner\":\"").append(owner).append("\",\"currency\":\"").append(currency)
                .append("\",\"status\":\"").append(status).append('"');
        if (note != null) {
            json.append(",\"note\":\"").append(note).append('"');
        }
        return json.append('}').toString();
    }

    @Test
    void insertsAccountWithClientSuppliedIdStoredAsStandardUuid() {
        UUID id = UUID.randomUUID();
        given().contentType(ContentType.JSON).body(body(id.toString(), "Ada Lovelace", "EUR", "ACTIVE", "n"))
                .when().post("/accounts")
                .then().statusCode(201)
                .header("Location", endsWith("/accounts/" + id))
                .contentType(ContentType.JSON)
                .body("id", equalTo(id.toString()))
                .body("owner", equalTo("Ada Lovelace"))
                .body("status", equalTo("ACTIVE"))
                .body("createdAt", notNullValue());

        BsonDocument stored = stored().find().first();
        BsonValue storedId = stored.get("_id");
        assertTrue(storedId.isBinary(), "_id is binary");
        assertEquals(BsonBinarySubType.UUID_STANDARD.getValue(), storedId.asBinary().getType());
        assertEquals(id, storedId.asBinary().asUuid());
        assertEquals("Ada Lovelace", stored.getString("owner").getValue());
        assertEquals("EUR", stored.getString("currency").getValue());
        assertEquals("ACTIVE", stored.getString("status").getValue());
        assertTrue(stored.get("createdAt").isDateTime(), "createdAt is a BSON date");
        assertEquals(1, stored().countDocuments());
    }

    @Test
    void generatesIdWhenAbsent() {
        String id = given().contentType(ContentType.JSON).body(body(null, "Grace", "USD", "ACTIVE", null))
                .when().post("/accounts")
                .then().statusCode(201).extract().path("id");
        assertEquals(1, stored().countDocuments(Filters.eq("_id", UUID.fromString(id))));
    }

    @Test
    void findsStoredAccount() {
        UUID id = UUID.randomUUID();
        given().contentType(ContentType.JSON).body(body(id.toString(), "Alan", "GBP", "SUSPENDED", "x"))
                .post("/accounts").then().statusCode(201);
        given().when().get("/accounts/" + id)
                .then().statusCode(200)
                .body("id", equalTo(id.toString()))
                .body("owner", equalTo("Alan"))
                .body("currency", equalTo("GBP"))
                .body("status", equalTo("SUSPENDED"))
                .body("note", equalTo("x"));
    }

    @Test
    void answers404ProblemForUnknownAccount() {
        UUID id = UUID.randomUUID();
        given().when().get("/accounts/" + id)
                .then().statusCode(404).contentType(PROBLEM)
                .body("status", equalTo(404))
                .body("title", equalTo("Not Found"))
                .body("type", equalTo("urn:refsut:problem:not-found"))
                .body("detail", equalTo("account " + id + " does not exist"));
    }

    @Test
    void answers400ForIdThatIsNotAUuid() {
        given().when().get("/accounts/not-a-uuid")
                .then().statusCode(400).contentType(PROBLEM)
                .body("errors.field", hasItem("id"))
                .body("detail", containsString("must be a UUID"));
    }

    @Test
    void rejectsDuplicateIdWith409AndKeepsTheFirst() {
        UUID id = UUID.randomUUID();
        given().contentType(ContentType.JSON).body(body(id.toString(), "First", "EUR", "ACTIVE", null))
                .post("/accounts").then().statusCode(201);
        given().contentType(ContentType.JSON).body(body(id.toString(), "Second", "EUR", "ACTIVE", null))
                .post("/accounts")
                .then().statusCode(409).contentType(PROBLEM)
                .body("type", equalTo("urn:refsut:problem:duplicate-id"))
                .body("detail", equalTo("account " + id + " already exists"));
        assertEquals(1, stored().countDocuments());
        assertEquals("First", stored().find().first().getString("owner").getValue());
    }

    @Test
    void replacesWholeDocumentAndKeepsCreatedAt() {
        UUID id = UUID.randomUUID();
        given().contentType(ContentType.JSON).body(body(id.toString(), "Old", "EUR", "ACTIVE", "keep?"))
                .post("/accounts").then().statusCode(201);
        Date createdAt = new Date(stored().find().first().getDateTime("createdAt").getValue());

        given().contentType(ContentType.JSON).body(body(null, "New", "EUR", "CLOSED", null))
                .when().put("/accounts/" + id)
                .then().statusCode(200)
                .body("owner", equalTo("New"))
                .body("status", equalTo("CLOSED"))
                .body("note", nullValue());

        BsonDocument stored = stored().find().first();
        assertEquals("New", stored.getString("owner").getValue());
        assertEquals("CLOSED", stored.getString("status").getValue());
        assertNull(stored.get("note"), "note replaced by absence");
        assertEquals(createdAt.getTime(), stored.getDateTime("createdAt").getValue());
        assertEquals(1, stored().countDocuments());
    }

    @Test
    void replaceOfUnknownAccountAnswers404AndCreatesNothing() {
        given().contentType(ContentType.JSON)
                .body("{\"owner\":\"X\",\"currency\":\"EUR\",\"status\":\"ACTIVE\",\"createdAt\":\"2026-01-01T00:00:00Z\"}")
                .when().put("/accounts/" + UUID.randomUUID())
                .then().statusCode(404).contentType(PROBLEM);
        given().contentType(ContentType.JSON).body(body(null, "X", "EUR", "ACTIVE", null))
                .when().put("/accounts/" + UUID.randomUUID())
                .then().statusCode(404).contentType(PROBLEM);
        assertEquals(0, stored().countDocuments());
    }

    @Test
    void replaceRejectsBodyIdDifferentFromPath() {
        given().contentType(ContentType.JSON).body(body(UUID.randomUUID().toString(), "X", "EUR", "ACTIVE", null))
                .when().put("/accounts/" + UUID.randomUUID())
                .then().statusCode(400).contentType(PROBLEM).body("errors.field", hasItem("id"));
    }

    @Test
    void replacesConditionallyOnTheUpdateTimeItWasRead() {
        UUID id = UUID.randomUUID();
        String updated = given().contentType(ContentType.JSON).body(body(id.toString(), "Ada", "EUR", "ACTIVE", null))
                .post("/accounts").then().statusCode(201).extract().path("updatedAt");

        given().contentType(ContentType.JSON).body(body(null, "Old", "EUR", "ACTIVE", null))
                .put("/accounts/" + id + "?ifUpdatedAt=2020-01-01T00:00:00Z").then().statusCode(409).contentType(PROBLEM);
        given().contentType(ContentType.JSON).body(body(null, "Old", "EUR", "ACTIVE", null))
                .put("/accounts/" + id + "?ifUpdatedAt=yesterday").then().statusCode(400).contentType(PROBLEM);
        given().contentType(ContentType.JSON).body(body(null, "Old", "EUR", "ACTIVE", null))
                .put("/accounts/" + id + "?ifUpdatedAt=" + updated).then().statusCode(200).body("owner", equalTo("Old"));
        assertEquals("Old", stored().find().first().getString("owner").getValue());
    }

    @Test
    void deletesAnAccountOnlyWhenTheCallerNamesItsCreationTime() {
        UUID id = UUID.randomUUID();
        String created = given().contentType(ContentType.JSON).body(body(id.toString(), "Ada", "EUR", "ACTIVE", null))
                .post("/accounts").then().statusCode(201).extract().path("createdAt");

        given().delete("/accounts/" + id).then().statusCode(400).contentType(PROBLEM);
        given().delete("/accounts/" + id + "?ifCreatedAt=2020-01-01T00:00:00Z").then().statusCode(409)
                .contentType(PROBLEM);
        assertEquals(1, stored().countDocuments());
        given().delete("/accounts/" + id + "?ifCreatedAt=" + created).then().statusCode(204);
        given().delete("/accounts/" + id + "?ifCreatedAt=" + created).then().statusCode(404).contentType(PROBLEM);
        given().delete("/accounts/not-a-uuid?ifCreatedAt=" + created).then().statusCode(400).contentType(PROBLEM);
        assertEquals(0, stored().countDocuments());
    }
}
