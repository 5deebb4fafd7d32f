package io.refsut.orchestrator;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

/** Bad input is refused with a 4xx problem naming the field, and no downstream is called at all. */
@QuarkusTest
@WithTestResource(WireMockDownstreams.class)
class BadInputTest extends StubbedDownstreams {

    private static final String ACCOUNT = UUID.randomUUID().toString();

    @AfterEach
    void noDownstreamWasCalled() {
        assertEquals(0, wireMock.getAllServeEvents().size(), calls().toString());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            malformed JSON        | {"accountId":                                                                         | body
            not an object         | [1,2]                                                                                 | body
            accountId not a UUID  | {"accountId":"nope","amountMinor":1,"currency":"EUR","reference":"r"}                 | accountId
            id not a UUID         | {"id":"12","accountId":"%s","amountMinor":1,"currency":"EUR","reference":"r"}         | id
            negative amount       | {"accountId":"%s","amountMinor":-5,"currency":"EUR","reference":"r"}                  | amountMinor
            zero amount           | {"accountId":"%s","amountMinor":0,"currency":"EUR","reference":"r"}                   | amountMinor
            amount as a string    | {"accountId":"%s","amountMinor":"5","currency":"EUR","reference":"r"}                 | amountMinor
            fractional amount     | {"accountId":"%s","amountMinor":1.5,"currency":"EUR","reference":"r"}                 | amountMinor
            missing amount        | {"accountId":"%s","currency":"EUR","reference":"r"}                                   | amountMinor
            missing reference     | {"accountId":"%s","amountMinor":1,"currency":"EUR"}                                   | reference
            lower-case currency   | {"accountId":"%s","amountMinor":1,"currency":"eur","reference":"r"}                   | currency
            unknown property      | {"accountId":"%s","amountMinor":1,"currency":"EUR","reference":"r","extra":true}      | extra
            """)
    void refusesABadPayment(String name, String body, String field) {
        given().contentType("application/json").body(body.formatted(ACCOUNT))
                .when().post("/api/v1/payments")
                .then().statusCode(400)
                .header("X-Request-Id", notNullValue())
                .contentType("application/problem+json")
                .body("status", equalTo(400))
                .body("errors.field", hasItem(field))
                .body("detail", containsString(field));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            empty object            | {}                                                                         | owner
            negative initial balance| {"owner":"Ada","currency":"EUR","initialBalanceMinor":-1}                  | initialBalanceMinor
            unknown status          | {"owner":"Ada","currency":"EUR","status":"OPEN","initialBalanceMinor":1}  | status
            owner too long          | {"owner":"%s","currency":"EUR","initialBalanceMinor":1}                   | owner
            owner as a number       | {"owner":12,"currency":"EUR","initialBalanceMinor":1}                     | owner
            """)
    void refusesABadAccount(String name, String body, String field) {
        given().contentType("application/json").body(body.formatted("x".repeat(101)))
                .when().post("/api/v1/accounts")
                .then().statusCode(400)
                .contentType("application/problem+json")
                .body("errors.field", hasItem(field));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            account id        | /api/v1/accounts/not-a-uuid
            payment id        | /api/v1/payments/1234
            """)
    void refusesAnIdThatIsNotAUuid(String name, String path) {
        given().when().get(path)
                .then().statusCode(400)
                .contentType("application/problem+json")
                .body("errors[0].field", equalTo("id"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            payment | /api/v1/payments
            account | /api/v1/accounts
            """)
    void refusesABodyOver16KiBBeforeReadingIt(String name, String path) {
        String body = "{\"note\":\"" + "x".repeat(17 * 1024) + "\"}";
        given().contentType("application/json").body(body)
                .when().post(path)
                .then().statusCode(413)
                .header("X-Request-Id", notNullValue())
                .contentType("application/problem+json")
                .body("type", equalTo("urn:refsut:problem:body-too-large"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            text body  | text/plain
            """)
    void refusesABodyThatIsNotJson(String name, String type) {
        given().contentType(type).body("hello")
                .when().post("/api/v1/payments")
                .then().statusCode(415)
                .contentType("application/problem+json");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            PUT without id in path | /api/v1/accounts
            """)
    void answers405ForAMethodThePathDoesNotHave(String name, String path) {
        given().contentType("application/json").body("{}")
                .when().put(path)
                .then().statusCode(405)
                .contentType("application/problem+json");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            NUL in the reference      | {"accountId":"%s","amountMinor":1,"currency":"EUR","reference":"a\\u0000b"}   | reference
            BEL in the reference      | {"accountId":"%s","amountMinor":1,"currency":"EUR","reference":"a\\u0007b"}   | reference
            line feed in the note     | {"accountId":"%s","amountMinor":1,"currency":"EUR","reference":"r","note":"a\\nb"} | note
            DEL in the reference      | {"accountId":"%s","amountMinor":1,"currency":"EUR","reference":"a\\u007fb"}   | reference
            C1 NEL in the reference   | {"accountId":"%s","amountMinor":1,"currency":"EUR","reference":"a\\u0085b"}   | reference
            nil payment id            | {"id":"00000000-0000-0000-0000-000000000000","accountId":"%s","amountMinor":1,"currency":"EUR","reference":"r"} | id
            empty payment id          | {"id":"","accountId":"%s","amountMinor":1,"currency":"EUR","reference":"r"}     | id
            nil account id            | {"accountId":"00000000-0000-0000-0000-000000000000","amountMinor":1,"currency":"EUR","reference":"r"} | accountId
            """)
    void refusesControlCharactersAndNilOrEmptyIds(String name, String body, String field) {
        given().contentType("application/json").body(body.formatted(ACCOUNT))
                .when().post("/api/v1/payments")
                .then().statusCode(400)
                .contentType("application/problem+json")
                .body("errors.field", hasItem(field))
                .body("detail", not(containsString("\u0000")));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            overlong NUL C0 80       | C080
            overlong slash C1 AF     | C1AF
            lone continuation byte   | 80
            surrogate ED A0 80       | EDA080
            FF FE                    | FFFE
            truncated sequence C3    | C3
            """)
    void refusesInvalidUtf8InAString(String name, String hex) {
        byte[] bad = java.util.HexFormat.of().parseHex(hex);
        java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
        body.writeBytes(("{\"owner\":\"A").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        body.writeBytes(bad);
        body.writeBytes("\",\"currency\":\"EUR\",\"initialBalanceMinor\":1}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        given().contentType("application/json").body(body.toByteArray())
                .when().post("/api/v1/accounts")
                .then().statusCode(400)
                .contentType("application/problem+json");
    }

    @Test
    void refusesTheNilUuidInAPath() {
        given().when().get("/api/v1/accounts/00000000-0000-0000-0000-000000000000")
                .then().statusCode(400)
                .contentType("application/problem+json")
                .body("detail", containsString("nil UUID"));
    }

    @Test
    void refusesABodyWithoutContentTypeWith415() throws Exception {
        java.net.http.HttpResponse<String> response = java.net.http.HttpClient.newHttpClient().send(
                java.net.http.HttpRequest.newBuilder(payments.toURI())
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofString("""
                                {"accountId":"%s","amountMinor":1,"currency":"EUR","reference":"r"}"""
                                .formatted(ACCOUNT)))
                        .build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertEquals(415, response.statusCode(), response.body());
        assertEquals("application/problem+json", response.headers().firstValue("Content-Type").orElse(""));
    }

    @io.quarkus.test.common.http.TestHTTPResource("/api/v1/payments")
    java.net.URL payments;
}
