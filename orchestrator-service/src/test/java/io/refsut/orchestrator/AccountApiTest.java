package io.refsut.orchestrator;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.client.WireMock;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;

/** Account operations: call graphs, bodies sent downstream, request id and traceparent propagation. */
@QuarkusTest
@WithTestResource(WireMockDownstreams.class)
class AccountApiTest extends StubbedDownstreams {

    @Test
    void createsAccountAndBalanceInParallelThenAudits() {
        UUID id = UUID.randomUUID();
        wireMock.stubFor(post("/accounts").willReturn(json(201, Docs.account(id, "ACTIVE", "EUR"))));
        wireMock.stubFor(post("/balances").willReturn(json(201, Docs.balance(id, 5000, 0, List.of()))));
        wireMock.stubFor(post("/audit-events").willReturn(json(201, Docs.audit(id, "ACCOUNT_CREATED"))));

        given().contentType("application/json").header("X-Request-Id", "req-create-1")
                .header("traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")
                .body("""
                        {"id":"%s","owner":"Ada","currency":"EUR","initialBalanceMinor":5000}""".formatted(id))
                .when().post("/api/v1/accounts")
                .then().statusCode(201)
                .header("X-Request-Id", "req-create-1")
                .header("Location", containsString("/api/v1/accounts/" + id))
                .body("account.id", equalTo(id.toString()))
                .body("balance.availableMinor", equalTo(5000));

        List<String> calls = calls();
        assertEquals(3, calls.size(), calls.toString());
        assertEquals(Set.of("POST /accounts", "POST /balances"), Set.copyOf(calls.subList(0, 2)));
        assertEquals("POST /audit-events", calls.get(2));
        wireMock.verify(postRequestedFor(urlEqualTo("/accounts")).withRequestBody(equalToJson("""
                {"id":"%s","owner":"Ada","currency":"EUR","status":"ACTIVE"}""".formatted(id))));
        wireMock.verify(postRequestedFor(urlEqualTo("/balances")).withRequestBody(equalToJson("""
                {"id":"%s","currency":"EUR","availableMinor":5000}""".formatted(id))));
        wireMock.verify(postRequestedFor(urlEqualTo("/audit-events")).withRequestBody(equalToJson("""
                {"type":"ACCOUNT_CREATED","subjectId":"%s","requestId":"req-create-1",
                 "details":"initialBalanceMinor=5000 currency=EUR"}""".formatted(id))));
        for (ServeEvent event : wireMock.getAllServeEvents()) {
            assertEquals("req-create-1", event.getRequest().getHeader("X-Request-Id"));
            assertEquals("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
                    event.getRequest().getHeader("traceparent"));
        }
    }

    @Test
    void choosesTheAccountIdWhenTheClientGivesNone() {
        wireMock.stubFor(post("/accounts").willReturn(json(201, Docs.account(UUID.randomUUID(), "ACTIVE", "EUR"))));
        wireMock.stubFor(post("/balances").willReturn(json(201, Docs.balance(UUID.randomUUID(), 0, 0, List.of()))));
        wireMock.stubFor(post("/audit-events").willReturn(json(201, Docs.audit(UUID.randomUUID(), "ACCOUNT_CREATED"))));

        postJson("/api/v1/accounts", """
                {"owner":"Ada","currency":"EUR","status":"SUSPENDED","initialBalanceMinor":0}""").statusCode(201)
                .header("X-Request-Id", matchesPattern("[0-9a-f-]{36}"));

        String accountId = wireMock.findAll(postRequestedFor(urlEqualTo("/accounts"))).get(0).getBodyAsString()
                .replaceAll(".*\"id\":\"([0-9a-f-]{36})\".*", "$1");
        wireMock.verify(postRequestedFor(urlEqualTo("/balances"))
                .withRequestBody(equalToJson("{\"id\":\"" + accountId + "\",\"currency\":\"EUR\",\"availableMinor\":0}")));
        wireMock.verify(postRequestedFor(urlEqualTo("/accounts"))
                .withRequestBody(equalToJson("{\"id\":\"" + accountId
                        + "\",\"owner\":\"Ada\",\"currency\":\"EUR\",\"status\":\"SUSPENDED\"}")));
    }

    @Test
    void generatesARequestIdWhenAbsentOrUnusableAndSendsItDownstream() {
        UUID id = UUID.randomUUID();
        wireMock.stubFor(get("/accounts/" + id).willReturn(json(200, Docs.account(id, "ACTIVE", "EUR"))));
        wireMock.stubFor(get("/balances/" + id).willReturn(json(200, Docs.balance(id, 1, 0, List.of()))));

        String generated = given().header("X-Request-Id", "has spaces; and " + "x".repeat(100))
                .when().get("/api/v1/accounts/" + id)
                .then().statusCode(200)
                .header("X-Request-Id", matchesPattern("[0-9a-f-]{36}"))
                .extract().header("X-Request-Id");

        for (ServeEvent event : wireMock.getAllServeEvents()) {
            assertEquals(generated, event.getRequest().getHeader("X-Request-Id"));
            assertEquals(null, event.getRequest().getHeader("traceparent"), "no traceparent is invented");
        }
        assertEquals(2, wireMock.getAllServeEvents().size());
    }

    @Test
    void readsAccountAndBalanceInParallel() {
        UUID id = UUID.randomUUID();
        int delayMs = 600;
        wireMock.stubFor(get("/accounts/" + id).willReturn(json(200, Docs.account(id, "ACTIVE", "EUR"))
                .withFixedDelay(delayMs)));
        wireMock.stubFor(get("/balances/" + id).willReturn(json(200, Docs.balance(id, 700, 3, List.of()))
                .withFixedDelay(delayMs)));

        // the fastest of a few runs: one after the other, no run could take less than 2·D
        long fastestMs = Long.MAX_VALUE;
        for (int run = 0; run < 3 && fastestMs >= delayMs * 1.75; run++) {
            long start = System.nanoTime();
            given().header("X-Request-Id", "req-read-" + run)
                    .when().get("/api/v1/accounts/" + id)
                    .then().statusCode(200)
                    .header("X-Request-Id", "req-read-" + run)
                    .body("account.owner", equalTo("Ada"))
                    .body("balance.availableMinor", equalTo(700))
                    .body("balance.version", equalTo(3));
            fastestMs = Math.min(fastestMs, (System.nanoTime() - start) / 1_000_000);
        }

        assertTrue(fastestMs < delayMs * 1.75, "two legs of " + delayMs + " ms took at best " + fastestMs
                + " ms: they ran one after the other");
        wireMock.verify(getRequestedFor(urlEqualTo("/accounts/" + id))
                .withHeader("X-Request-Id", WireMock.equalTo("req-read-0")));
        wireMock.verify(getRequestedFor(urlEqualTo("/balances/" + id))
                .withHeader("X-Request-Id", WireMock.equalTo("req-read-0")));
    }

    @Test
    void answers404ForAnUnknownAccount() {
        UUID id = UUID.randomUUID();
        wireMock.stubFor(get("/accounts/" + id).willReturn(json(404, Docs.problem(404, "no account"))));
        wireMock.stubFor(get("/balances/" + id).willReturn(json(404, Docs.problem(404, "no balance"))));

        given().when().get("/api/v1/accounts/" + id)
                .then().statusCode(404)
                .contentType("application/problem+json")
                .body("type", equalTo("urn:refsut:problem:not-found"))
                .body("detail", containsString(id.toString()));
        wireMock.verify(1, getRequestedFor(urlEqualTo("/accounts/" + id)));
    }

    @Test
    void restoresThePreviousAccountWhenTheAuditOfAnUpdateFails() {
        UUID id = updateWhoseAuditFails();
        wireMock.stubFor(put(urlPathEqualTo("/accounts/" + id)).withQueryParam("ifUpdatedAt",
                WireMock.equalTo(WRITTEN_AT)).willReturn(json(200, Docs.account(id, "ACTIVE", "EUR"))));

        given().contentType("application/json").body("""
                {"owner":"Grace","currency":"EUR","status":"SUSPENDED","note":"moved"}""")
                .when().put("/api/v1/accounts/" + id)
                .then().statusCode(503)
                .body("detail", containsString("'audit'"))
                .body("partial", nullValue())
                .body("compensated[0].dependency", equalTo("accounts"))
                .body("compensated[0].operation", equalTo("restore"));

        // the account as it was, only if nobody replaced it since this update (its updatedAt)
        wireMock.verify(putRequestedFor(urlPathEqualTo("/accounts/" + id))
                .withQueryParam("ifUpdatedAt", WireMock.equalTo(WRITTEN_AT))
                .withRequestBody(equalToJson("""
                        {"owner":"Ada","currency":"EUR","status":"ACTIVE","createdAt":"2026-01-01T00:00:00Z"}""")));
    }

    @Test
    void leavesALaterUpdateInPlaceWhenTheAuditOfAnEarlierOneFails() {
        UUID id = updateWhoseAuditFails();
        wireMock.stubFor(put(urlPathEqualTo("/accounts/" + id)).withQueryParam("ifUpdatedAt",
                WireMock.equalTo(WRITTEN_AT)).willReturn(json(409, Docs.problem(409, "updated since"))));

        given().contentType("application/json").body("""
                {"owner":"Grace","currency":"EUR","status":"SUSPENDED"}""")
                .when().put("/api/v1/accounts/" + id)
                .then().statusCode(503)
                .body("detail", containsString("no longer shows"))
                .body("partial", nullValue());
    }

    @Test
    void anUpdateThatFindsTheAccountReplacedSinceItsReadReadsAgainAndReplacesThatOne() {
        UUID id = UUID.randomUUID();
        String newer = "2026-01-03T00:00:00Z";
        wireMock.stubFor(get("/accounts/" + id).inScenario("concurrent").whenScenarioStateIs(
                com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED)
                .willReturn(json(200, Docs.account(id, "ACTIVE", "EUR"))).willSetStateTo("updated by another"));
        wireMock.stubFor(get("/accounts/" + id).inScenario("concurrent").whenScenarioStateIs("updated by another")
                .willReturn(json(200, Docs.account(id, "ACTIVE", "EUR", newer))));
        wireMock.stubFor(put(urlPathEqualTo("/accounts/" + id)).withQueryParam("ifUpdatedAt",
                WireMock.equalTo(Docs.READ_UPDATED_AT)).willReturn(json(409, Docs.problem(409, "updated since"))));
        wireMock.stubFor(put(urlPathEqualTo("/accounts/" + id)).withQueryParam("ifUpdatedAt",
                WireMock.equalTo(newer)).willReturn(json(200, Docs.account(id, "SUSPENDED", "EUR", WRITTEN_AT))));
        wireMock.stubFor(post("/audit-events").willReturn(json(201, Docs.audit(id, "ACCOUNT_UPDATED"))));

        given().contentType("application/json").body("""
                {"owner":"Grace","currency":"EUR","status":"SUSPENDED"}""")
                .when().put("/api/v1/accounts/" + id)
                .then().statusCode(200)
                .body("account.status", equalTo("SUSPENDED"));

        String read = "PUT /accounts/" + id + "?ifUpdatedAt=" + encoded(Docs.READ_UPDATED_AT);
        String again = "PUT /accounts/" + id + "?ifUpdatedAt=" + encoded(newer);
        assertEquals(List.of("GET /accounts/" + id, read, "GET /accounts/" + id, again, "POST /audit-events"), calls());
    }

    @Test
    void updatesFindThenReplaceThenAudit() {
        UUID id = UUID.randomUUID();
        wireMock.stubFor(get("/accounts/" + id).willReturn(json(200, Docs.account(id, "ACTIVE", "EUR"))));
        replaceIfReadSucceeds(id);
        wireMock.stubFor(post("/audit-events").willReturn(json(201, Docs.audit(id, "ACCOUNT_UPDATED"))));

        given().contentType("application/json").body("""
                {"owner":"Grace","currency":"EUR","status":"SUSPENDED","note":"moved"}""")
                .when().put("/api/v1/accounts/" + id)
                .then().statusCode(200)
                .body("account.status", equalTo("SUSPENDED"));

        // the replace only while the account is the one read: it never overwrites an update that came in between
        assertEquals(List.of("GET /accounts/" + id, "PUT /accounts/" + id + "?ifUpdatedAt="
                + encoded(Docs.READ_UPDATED_AT), "POST /audit-events"), calls());
        wireMock.verify(putRequestedFor(urlPathEqualTo("/accounts/" + id)).withRequestBody(equalToJson("""
                {"owner":"Grace","currency":"EUR","status":"SUSPENDED","note":"moved",
                 "createdAt":"2026-01-01T00:00:00Z"}""")));
        wireMock.verify(postRequestedFor(urlEqualTo("/audit-events")).withRequestBody(equalToJson("""
                {"type":"ACCOUNT_UPDATED","subjectId":"%s","details":"status=SUSPENDED"}""".formatted(id), true, true)));
    }

    @Test
    void refusesToChangeTheCurrencyOfAnAccount() {
        UUID id = UUID.randomUUID();
        wireMock.stubFor(get("/accounts/" + id).willReturn(json(200, Docs.account(id, "ACTIVE", "EUR"))));

        given().contentType("application/json").body("""
                {"owner":"Grace","currency":"USD","status":"ACTIVE"}""")
                .when().put("/api/v1/accounts/" + id)
                .then().statusCode(422)
                .contentType("application/problem+json");
        assertEquals(List.of("GET /accounts/" + id), calls());
    }

    @Test
    void passesADuplicateIdOnAs409AndDeletesTheBalanceItInserted() {
        UUID id = UUID.randomUUID();
        wireMock.stubFor(post("/accounts").willReturn(json(409, Docs.problem(409, "account exists"))));
        wireMock.stubFor(post("/balances").willReturn(json(201, Docs.balance(id, 1, 0, List.of()))));
        wireMock.stubFor(WireMock.delete("/balances/" + id + "?ifVersion=0").willReturn(aResponse().withStatus(204)));

        postJson("/api/v1/accounts", """
                {"id":"%s","owner":"Ada","currency":"EUR","initialBalanceMinor":1}""".formatted(id)).statusCode(409)
                .contentType("application/problem+json")
                .body("type", equalTo("urn:refsut:problem:duplicate-id"))
                .body("detail", containsString("accounts"))
                .body("partial", nullValue())
                .body("compensated", contains(write("balances", "delete")));
        wireMock.verify(0, postRequestedFor(urlEqualTo("/audit-events")));
        wireMock.verify(WireMock.deleteRequestedFor(urlEqualTo("/balances/" + id + "?ifVersion=0")));
        wireMock.verify(0, WireMock.deleteRequestedFor(urlPathMatching("/accounts/.*")));
    }

    @Test
    void deletesTheAccountItInsertedWhenTheBalanceInsertFails() {
        UUID id = UUID.randomUUID();
        creationWithFailedBalance(id)
                .contentType("application/problem+json")
                .body("detail", containsString("'balances'"))
                .body("detail", containsString("compensated"))
                .body("partial", nullValue())
                .body("compensated[0].dependency", equalTo("accounts"));
        wireMock.verify(WireMock.deleteRequestedFor(urlPathEqualTo("/accounts/" + id))
                .withQueryParam("ifCreatedAt", WireMock.equalTo("2026-01-01T00:00:00Z")));
        wireMock.verify(0, postRequestedFor(urlEqualTo("/audit-events")));
    }

    @Test
    void deletesBothHalvesWhenTheAuditFails() {
        UUID id = UUID.randomUUID();
        creationWhoseAuditFails(id, aResponse().withStatus(204));

        postJson("/api/v1/accounts", """
                {"id":"%s","owner":"Ada","currency":"EUR","initialBalanceMinor":1}""".formatted(id)).statusCode(503)
                .body("detail", containsString("'audit'"))
                .body("partial", nullValue())
                .body("compensated", hasSize(2));
        wireMock.verify(WireMock.deleteRequestedFor(urlPathEqualTo("/accounts/" + id))
                .withQueryParam("ifCreatedAt", WireMock.equalTo("2026-01-01T00:00:00Z")));
        wireMock.verify(WireMock.deleteRequestedFor(urlEqualTo("/balances/" + id + "?ifVersion=0")));
    }

    @jakarta.inject.Inject
    io.refsut.orchestrator.service.LateInserts lateInserts;

    @Test
    void deletesABalanceThatLandsAfterItsAccountCreationFailed() {
        UUID id = UUID.randomUUID();
        // a 5xx: the balances service may still insert it (a frozen process answers late)
        creationWithFailedBalance(id).body("compensated[0].dependency", equalTo("accounts"));

        // the balance landed after the compensation; the account is gone
        wireMock.stubFor(get("/accounts/" + id).willReturn(json(404, Docs.problem(404, "absent"))));
        wireMock.stubFor(get("/balances/" + id).willReturn(json(200, Docs.balance(id, 1, 0, List.of()))));
        wireMock.stubFor(WireMock.delete(urlPathEqualTo("/balances/" + id)).withQueryParam("ifVersion",
                WireMock.equalTo("0")).willReturn(aResponse().withStatus(204)));

        Integer deleted = sweep();
        assertEquals(1, deleted);
        wireMock.verify(WireMock.deleteRequestedFor(urlPathEqualTo("/balances/" + id))
                .withQueryParam("ifVersion", WireMock.equalTo("0")));
        assertEquals(0, sweep(),
                "settled entries are not tried again");
    }

    @Test
    void deletesABalanceItsCompensationCouldNotDelete() {
        UUID id = UUID.randomUUID();
        // both halves written, the audit fails, the account is deleted, the balance's delete finds balances down
        creationWhoseAuditFails(id, json(503, Docs.problem(503, "down")));

        postJson("/api/v1/accounts", """
                {"id":"%s","owner":"Ada","currency":"EUR","initialBalanceMinor":1}""".formatted(id)).statusCode(503)
                .contentType("application/problem+json")
                .body("detail", containsString("compensation incomplete"))
                .body("detail", containsString("the recovery sweep deletes a half it finds alone"));
        wireMock.verify(1, WireMock.deleteRequestedFor(urlEqualTo("/balances/" + id + "?ifVersion=0")));

        // balances is back; the account is gone, the balance alone: the sweep deletes it
        wireMock.stubFor(WireMock.delete("/balances/" + id + "?ifVersion=0").willReturn(aResponse().withStatus(204)));
        wireMock.stubFor(get("/accounts/" + id).willReturn(json(404, Docs.problem(404, "absent"))));
        wireMock.stubFor(get("/balances/" + id).willReturn(json(200, Docs.balance(id, 1, 0, List.of()))));
        Integer deleted = sweep();
        assertEquals(1, deleted);
        wireMock.verify(2, WireMock.deleteRequestedFor(urlEqualTo("/balances/" + id + "?ifVersion=0")));
        wireMock.verify(1, WireMock.deleteRequestedFor(urlPathEqualTo("/accounts/" + id)));
    }

    @Test
    void deletesTheBalanceEvenWhenTheAccountsDeleteFailsAndLeavesTheAccountToTheSweep() {
        UUID id = UUID.randomUUID();
        creationWhoseAuditFails(id, aResponse().withStatus(204));
        // accounts goes down between the insert and the compensation's delete
        wireMock.stubFor(WireMock.delete(urlPathEqualTo("/accounts/" + id)).willReturn(json(503, Docs.problem(503,
                "down"))));

        postJson("/api/v1/accounts", """
                {"id":"%s","owner":"Ada","currency":"EUR","initialBalanceMinor":1}""".formatted(id)).statusCode(503)
                .body("detail", containsString("compensation incomplete"));
        // the balance's delete was still sent: no whole account is left behind
        wireMock.verify(1, WireMock.deleteRequestedFor(urlEqualTo("/balances/" + id + "?ifVersion=0")));

        // accounts is back: the account is there alone, and the sweep deletes it
        wireMock.stubFor(WireMock.delete(urlPathEqualTo("/accounts/" + id)).willReturn(aResponse().withStatus(204)));
        wireMock.stubFor(get("/accounts/" + id).willReturn(json(200, Docs.account(id, "ACTIVE", "EUR"))));
        wireMock.stubFor(get("/balances/" + id).willReturn(json(404, Docs.problem(404, "absent"))));
        assertEquals(1, sweep());
        wireMock.verify(2, WireMock.deleteRequestedFor(urlPathEqualTo("/accounts/" + id)));
    }

    @Test
    void leavesAnAccountAloneWhenARetryCompletedIt() {
        UUID id = UUID.randomUUID();
        creationWithFailedBalance(id);

        wireMock.stubFor(get("/accounts/" + id).willReturn(json(200, Docs.account(id, "ACTIVE", "EUR"))));
        wireMock.stubFor(get("/balances/" + id).willReturn(json(200, Docs.balance(id, 1, 0, List.of()))));

        assertEquals(0, sweep());
        wireMock.verify(0, WireMock.deleteRequestedFor(urlPathEqualTo("/balances/" + id)));
    }

    /** One recovery sweep of the late halves, every entry due. */
    @Test
    void aRetriedCreationWhoseBalanceFailsEachTimeIsOneLateInsertDeletedOnce() {
        UUID id = UUID.randomUUID();
        int before = lateInserts.waiting();
        creationWithFailedBalance(id);
        creationWithFailedBalance(id);
        assertEquals(before + 1, lateInserts.waiting(), "the retry's entry is the first one's");

        wireMock.stubFor(get(urlPathMatching("/accounts/.*")).willReturn(json(404, Docs.problem(404, "absent"))));
        wireMock.stubFor(get(urlPathMatching("/balances/.*")).willReturn(json(404, Docs.problem(404, "absent"))));
        wireMock.stubFor(get("/balances/" + id).willReturn(json(200, Docs.balance(id, 1, 0, List.of()))));
        wireMock.stubFor(WireMock.delete(urlPathEqualTo("/balances/" + id)).willReturn(aResponse().withStatus(204)));
        sweep();
        wireMock.verify(1, WireMock.deleteRequestedFor(urlPathEqualTo("/balances/" + id)));
    }

    private int sweep() {
        return lateInserts.cleanUp(java.time.Duration.ZERO, new io.refsut.orchestrator.client.CallContext("test", null))
                .await().atMost(java.time.Duration.ofSeconds(30));
    }

    /**
     * Stubs an account creation whose two inserts succeed and whose audit event answers 500: the account's delete
     * answers 204, the balance's {@code balanceDelete}.
     */
    private void creationWhoseAuditFails(UUID id, ResponseDefinitionBuilder balanceDelete) {
        wireMock.stubFor(post("/accounts").willReturn(json(201, Docs.account(id, "ACTIVE", "EUR"))));
        wireMock.stubFor(post("/balances").willReturn(json(201, Docs.balance(id, 1, 0, List.of()))));
        wireMock.stubFor(post("/audit-events").willReturn(json(500, Docs.problem(500, "boom"))));
        wireMock.stubFor(WireMock.delete(urlPathEqualTo("/accounts/" + id))
                .withQueryParam("ifCreatedAt", WireMock.equalTo("2026-01-01T00:00:00Z"))
                .willReturn(aResponse().withStatus(204)));
        wireMock.stubFor(WireMock.delete("/balances/" + id + "?ifVersion=0").willReturn(balanceDelete));
    }

    /**
     * An account creation whose balance insert answers 500 (the balance may still land later): 503, compensated by the
     * delete of the account it inserted (stubbed).
     */
    private ValidatableResponse creationWithFailedBalance(UUID id) {
        wireMock.stubFor(post("/accounts").willReturn(json(201, Docs.account(id, "ACTIVE", "EUR"))));
        wireMock.stubFor(post("/balances").willReturn(json(500, Docs.problem(500, "boom"))));
        wireMock.stubFor(WireMock.delete(urlPathEqualTo("/accounts/" + id))
                .withQueryParam("ifCreatedAt", WireMock.equalTo("2026-01-01T00:00:00Z"))
                .willReturn(aResponse().withStatus(204)));
        return postJson("/api/v1/accounts", """
                {"id":"%s","owner":"Ada","currency":"EUR","initialBalanceMinor":1}""".formatted(id)).statusCode(503);
    }

    /** An instant as the query string carries it. */
    private static String encoded(String instant) {
        return instant.replace(":", "%3A");
    }

    /** When the stubbed replace of an update wrote the account. */
    private static final String WRITTEN_AT = "2026-01-02T00:00:00Z";

    /** service-2 replaces the account (SUSPENDED, written at {@link #WRITTEN_AT}) while it is the one read. */
    private void replaceIfReadSucceeds(UUID id) {
        wireMock.stubFor(put(urlPathEqualTo("/accounts/" + id)).withQueryParam("ifUpdatedAt",
                WireMock.equalTo(Docs.READ_UPDATED_AT)).willReturn(json(200,
                        Docs.account(id, "SUSPENDED", "EUR", WRITTEN_AT))));
    }

    /** An ACTIVE account that an update finds and replaces (SUSPENDED), and an audit service that fails. */
    private UUID updateWhoseAuditFails() {
        UUID id = UUID.randomUUID();
        wireMock.stubFor(get("/accounts/" + id).willReturn(json(200, Docs.account(id, "ACTIVE", "EUR"))));
        replaceIfReadSucceeds(id);
        wireMock.stubFor(post("/audit-events").willReturn(json(500, Docs.problem(500, "boom"))));
        return id;
    }
}
