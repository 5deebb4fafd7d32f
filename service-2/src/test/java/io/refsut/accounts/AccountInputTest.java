package io.refsut.accounts;

import static io.refsut.common.mongo.test.Requests.postJson;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.refsut.common.mongo.test.CollectionTest;
import io.refsut.common.mongo.test.EmbeddedMongoResource;
import io.restassured.http.ContentType;

/** Every kind of bad input is refused with a problem naming the field, and nothing is written. */
@QuarkusTest
@QuarkusTestResource(EmbeddedMongoResource.class)
class AccountInputTest extends CollectionTest {

    AccountInputTest() {
        super("accounts", "accounts");
    }

    @AfterEach
    void nothingWritten() {
        assertEquals(0, stored().countDocuments(), "a refused request wrote nothing");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "missing owner     | {\"currency\":\"EUR\",\"status\":\"ACTIVE\"}                                  | owner",
            "blank owner       | {\"owner\":\" \",\"currency\":\"EUR\",\"status\":\"ACTIVE\"}                  | owner",
            "lowercase currency| {\"owner\":\"A\",\"currency\":\"eur\",\"status\":\"ACTIVE\"}                  | currency",
            "missing currency  | {\"owner\":\"A\",\"status\":\"ACTIVE\"}                                       | currency",
            "unknown status    | {\"owner\":\"A\",\"currency\":\"EUR\",\"status\":\"OPEN\"}                    | status",
            "missing status    | {\"owner\":\"A\",\"currency\":\"EUR\"}                                        | status",
            "owner is a number | {\"owner\":42,\"currency\":\"EUR\",\"status\":\"ACTIVE\"}                     | owner",
            "owner is an object| {\"owner\":{},\"currency\":\"EUR\",\"status\":\"ACTIVE\"}                     | owner",
            "id not a uuid     | {\"id\":\"123\",\"owner\":\"A\",\"currency\":\"EUR\",\"status\":\"ACTIVE\"}   | id",
            "unknown property  | {\"owner\":\"A\",\"currency\":\"EUR\",\"status\":\"ACTIVE\",\"x\":1}          | x",
    })
    void refusesInvalidFieldWith400NamingIt(String name, String json, String field) {
        postJson("/accounts", json).statusCode(400).contentType(PROBLEM)
                .body("status", equalTo(400))
                .body("title", equalTo("Bad Request"))
                .body("errors.field", hasItem(field))
                .body("detail", containsString(field))
                .body(not(containsString("at io.")));
    }

    @Test
    void refusesMalformedJson() {
        postJson("/accounts", "{\"owner\":\"A\",").statusCode(400).contentType(PROBLEM)
                .body("type", equalTo("urn:refsut:problem:malformed-json"))
                .body("detail", containsString("not valid JSON"));
    }

    @Test
    void refusesEmptyBody() {
        postJson("/accounts", "").statusCode(400).contentType(PROBLEM);
    }

    @Test
    void refusesNonJsonContentType() {
        given().contentType(ContentType.TEXT).body("owner=A")
                .when().post("/accounts")
                .then().statusCode(415).contentType(PROBLEM);
    }

    @Test
    void refusesDocumentOver1KiBWith413() {
        String note = "n".repeat(1000);
        String owner = "o".repeat(100);
        postJson("/accounts", "{\"owner\":\"" + owner + "\",\"currency\":\"EUR\",\"status\":\"ACTIVE\",\"note\":\"" + note
                + "\"}").statusCode(413).contentType(PROBLEM)
                .body("type", equalTo("urn:refsut:problem:document-too-large"))
                .body("detail", containsString("limit is 1024 bytes"));
    }

    @Test
    void refusesBodyOver16KiBBeforeParsing() {
        String huge = "{\"owner\":\"" + "x".repeat(20_000) + "\"}";
        postJson("/accounts", huge).statusCode(413).contentType(PROBLEM)
                .body("type", equalTo("urn:refsut:problem:body-too-large"));
    }

    @Test
    void refusesNoteOver1000Characters() {
        postJson("/accounts", "{\"owner\":\"A\",\"currency\":\"EUR\",\"status\":\"ACTIVE\",\"note\":\"" + "n".repeat(1001)
                + "\"}").statusCode(400).contentType(PROBLEM).body("errors.field", hasItem("note"));
    }

    @Test
    void unknownPathIsA404Problem() {
        given().when().get("/nothing-here").then().statusCode(404).contentType(PROBLEM);
    }
}
