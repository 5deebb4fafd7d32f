package io.refsut.orchestrator;

import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.client.WireMock;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.refsut.orchestrator.service.PaymentRecovery;

/** Payment operations: call graph, the optimistic balance debit, idempotence, partial transactions. */
@QuarkusTest
@WithTestResource(WireMockDownstreams.class)
class PaymentApiTest extends StubbedDownstreams {

    @Inject
    MeterRegistry registry;

    @Inject
    PaymentRecovery recovery;

    private final UUID accountId = UUID.randomUUID();
    private final UUID paymentId = UUID.randomUUID();
    private final UUID earlier = UUID.randomUUID();

    @Test
    void makesPaymentFindThenInsertPendingAndDebitThenAuditThenComplete() {
        activeAccount("EUR");
        completes();
        wireMock.stubFor(post("/payments").willReturn(json(201, Docs.payment(paymentId, accountId, 250))));
        wireMock.stubFor(get("/balances/" + accountId).willReturn(json(200,
                Docs.balance(accountId, 1000, 7, List.of(earlier)))));
        wireMock.stubFor(put("/balances/" + accountId).willReturn(json(200,
                Docs.balance(accountId, 750, 8, List.of(paymentId, earlier)))));
        wireMock.stubFor(post("/audit-events").willReturn(json(201, Docs.audit(paymentId, "PAYMENT_MADE"))));

        given().contentType("application/json").header("X-Request-Id", "req-pay-1").body(payment(250))
                .when().post("/api/v1/payments")
                .then().statusCode(201)
                .header("Location", containsString("/api/v1/payments/" + paymentId))
                .body("payment.id", equalTo(paymentId.toString()))
                .body("payment.status", equalTo("COMPLETED"))
                .body("balance.availableMinor", equalTo(750))
                .body("balance.version", equalTo(8));

        List<String> calls = calls();
        assertEquals(6, calls.size(), calls.toString());
        assertEquals("GET /accounts/" + accountId, calls.get(0));
        assertEquals(Set.of("POST /payments", "GET /balances/" + accountId, "PUT /balances/" + accountId),
                Set.copyOf(calls.subList(1, 4)));
        assertEquals(List.of("GET /balances/" + accountId, "PUT /balances/" + accountId),
                calls.subList(1, 4).stream().filter(c -> c.contains("/balances/")).toList());
        assertEquals("POST /audit-events", calls.get(4));
        assertEquals("PUT /payments/" + paymentId + "?ifStatus=PENDING", calls.get(5));
        wireMock.verify(postRequestedFor(urlEqualTo("/payments")).withRequestBody(equalToJson("""
                {"id":"%s","accountId":"%s","amountMinor":250,"currency":"EUR","reference":"invoice 1",
                 "status":"PENDING"}""".formatted(paymentId, accountId))));
        wireMock.verify(putRequestedFor(urlEqualTo("/payments/" + paymentId + "?ifStatus=PENDING"))
                .withRequestBody(equalToJson("""
                {"id":"%s","accountId":"%s","amountMinor":250,"currency":"EUR","reference":"invoice 1",
                 "status":"COMPLETED","createdAt":"2026-01-01T00:00:00Z"}""".formatted(paymentId, accountId))));
        wireMock.verify(putRequestedFor(urlEqualTo("/balances/" + accountId)).withRequestBody(equalToJson("""
                {"currency":"EUR","availableMinor":750,"version":7,"appliedPayments":["%s","%s"]}"""
                .formatted(paymentId, earlier))));
        wireMock.verify(postRequestedFor(urlEqualTo("/audit-events")).withRequestBody(equalToJson("""
                {"type":"PAYMENT_MADE","subjectId":"%s","requestId":"req-pay-1",
                 "details":"accountId=%s amountMinor=250 currency=EUR"}""".formatted(paymentId, accountId))));
    }

    @Test
    void choosesThePaymentIdBeforeAnyCallWhenTheClientGivesNone() {
        activeAccount("EUR");
        completes();
        wireMock.stubFor(post("/payments").willReturn(json(201, Docs.payment(paymentId, accountId, 5))));
        wireMock.stubFor(get("/balances/" + accountId).willReturn(json(200, Docs.balance(accountId, 10, 0, List.of()))));
        wireMock.stubFor(put("/balances/" + accountId).willReturn(json(200, Docs.balance(accountId, 5, 1, List.of()))));
        wireMock.stubFor(post("/audit-events").willReturn(json(201, Docs.audit(paymentId, "PAYMENT_MADE"))));

        postJson("/api/v1/payments", """
                {"accountId":"%s","amountMinor":5,"currency":"EUR","reference":"r"}""".formatted(accountId))
                .statusCode(201);

        String chosen = wireMock.findAll(postRequestedFor(urlEqualTo("/payments"))).get(0).getBodyAsString()
                .replaceAll(".*\"id\":\"([0-9a-f-]{36})\".*", "$1");
        wireMock.verify(putRequestedFor(urlEqualTo("/balances/" + accountId))
                .withRequestBody(matchingJsonPath("$.appliedPayments[0]", WireMock.equalTo(chosen))));
        wireMock.verify(postRequestedFor(urlEqualTo("/audit-events"))
                .withRequestBody(matchingJsonPath("$.subjectId", WireMock.equalTo(chosen))));
    }

    @Test
    void reReadsTheBalanceAfterAVersionConflictAndRetries() {
        activeAccount("EUR");
        completes();
        wireMock.stubFor(post("/payments").willReturn(json(201, Docs.payment(paymentId, accountId, 100))));
        wireMock.stubFor(get("/balances/" + accountId).inScenario("race").whenScenarioStateIs(STARTED)
                .willReturn(json(200, Docs.balance(accountId, 1000, 3, List.of()))).willSetStateTo("raced"));
        wireMock.stubFor(get("/balances/" + accountId).inScenario("race").whenScenarioStateIs("raced")
                .willReturn(json(200, Docs.balance(accountId, 900, 4, List.of(earlier)))));
        wireMock.stubFor(put("/balances/" + accountId).withRequestBody(matchingJsonPath("$.version", WireMock.equalTo("3")))
                .willReturn(json(409, Docs.problem(409, "balance is at version 4, not 3"))));
        wireMock.stubFor(put("/balances/" + accountId).withRequestBody(matchingJsonPath("$.version", WireMock.equalTo("4")))
                .willReturn(json(200, Docs.balance(accountId, 800, 5, List.of(paymentId, earlier)))));
        wireMock.stubFor(post("/audit-events").willReturn(json(201, Docs.audit(paymentId, "PAYMENT_MADE"))));

        postJson("/api/v1/payments", payment(100)).statusCode(201)
                .body("balance.availableMinor", equalTo(800));

        wireMock.verify(2, getRequestedFor(urlEqualTo("/balances/" + accountId)));
        wireMock.verify(2, putRequestedFor(urlEqualTo("/balances/" + accountId)));
        wireMock.verify(putRequestedFor(urlEqualTo("/balances/" + accountId)).withRequestBody(equalToJson("""
                {"currency":"EUR","availableMinor":800,"version":4,"appliedPayments":["%s","%s"]}"""
                .formatted(paymentId, earlier))));
    }

    @Test
    void doesNotDebitTwiceWhenTheBalanceAlreadyListsThePayment() {
        activeAccount("EUR");
        completes();
        wireMock.stubFor(post("/payments").willReturn(json(201, Docs.payment(paymentId, accountId, 100))));
        wireMock.stubFor(get("/balances/" + accountId).inScenario("applied").whenScenarioStateIs(STARTED)
                .willReturn(json(200, Docs.balance(accountId, 1000, 3, List.of()))).willSetStateTo("applied"));
        wireMock.stubFor(get("/balances/" + accountId).inScenario("applied").whenScenarioStateIs("applied")
                .willReturn(json(200, Docs.balance(accountId, 900, 4, List.of(paymentId)))));
        wireMock.stubFor(put("/balances/" + accountId)
                .willReturn(json(409, Docs.problem(409, "balance is at version 4, not 3"))));
        wireMock.stubFor(post("/audit-events").willReturn(json(201, Docs.audit(paymentId, "PAYMENT_MADE"))));

        postJson("/api/v1/payments", payment(100)).statusCode(201)
                .body("balance.availableMinor", equalTo(900))
                .body("balance.version", equalTo(4));

        wireMock.verify(2, getRequestedFor(urlEqualTo("/balances/" + accountId)));
        wireMock.verify(1, putRequestedFor(urlEqualTo("/balances/" + accountId)));
    }

    @Test
    void givesUpWith409AfterTheConfiguredConflictRetries() {
        activeAccount("EUR");
        wireMock.stubFor(post("/payments").willReturn(json(201, Docs.payment(paymentId, accountId, 100))));
        wireMock.stubFor(get("/balances/" + accountId).willReturn(json(200, Docs.balance(accountId, 1000, 3, List.of()))));
        wireMock.stubFor(put("/balances/" + accountId).willReturn(json(409, Docs.problem(409, "conflict"))));
        cancels();

        postJson("/api/v1/payments", payment(100)).statusCode(409)
                .contentType("application/problem+json")
                .body("type", equalTo("urn:refsut:problem:version-conflict"))
                .body("partial", nullValue())
                .body("compensated", contains(write("payments", "cancel")));

        int attempts = 1 + 8;
        // the compensation reads the balance once more: it does not list the payment, nothing to restore
        wireMock.verify(attempts + 1, getRequestedFor(urlEqualTo("/balances/" + accountId)));
        wireMock.verify(attempts, putRequestedFor(urlEqualTo("/balances/" + accountId)));
        wireMock.verify(0, postRequestedFor(urlEqualTo("/audit-events")));
    }

    @Test
    void refusesPaymentsFromAnAccountThatIsNotActive() {
        wireMock.stubFor(get("/accounts/" + accountId).willReturn(json(200, Docs.account(accountId, "SUSPENDED", "EUR"))));

        postJson("/api/v1/payments", payment(100)).statusCode(422)
                .contentType("application/problem+json")
                .body("detail", containsString("SUSPENDED"));
        assertEquals(List.of("GET /accounts/" + accountId), calls());
    }

    @Test
    void refusesAPaymentInAnotherCurrency() {
        activeAccount("USD");

        postJson("/api/v1/payments", payment(100)).statusCode(422)
                .body("detail", containsString("USD"));
        assertEquals(List.of("GET /accounts/" + accountId), calls());
    }

    @Test
    void answers404ForAPaymentFromAnUnknownAccount() {
        wireMock.stubFor(get("/accounts/" + accountId).willReturn(json(404, Docs.problem(404, "absent"))));

        postJson("/api/v1/payments", payment(100)).statusCode(404)
                .body("type", equalTo("urn:refsut:problem:not-found"));
        assertEquals(List.of("GET /accounts/" + accountId), calls());
    }

    @Test
    void cancelsThePaymentWhenTheDebitFailsAfterTheInsert() {
        activeAccount("EUR");
        wireMock.stubFor(post("/payments").willReturn(json(201, Docs.payment(paymentId, accountId, 100))));
        wireMock.stubFor(get("/balances/" + accountId).willReturn(json(200, Docs.balance(accountId, 1000, 3, List.of()))));
        wireMock.stubFor(put("/balances/" + accountId).withRequestBody(matchingJsonPath("$.availableMinor",
                WireMock.equalTo("900"))).willReturn(json(500, Docs.problem(500, "boom"))));
        // the fence: the balance unchanged at the next version, so the failed debit can never land late
        wireMock.stubFor(put("/balances/" + accountId).withRequestBody(matchingJsonPath("$.availableMinor",
                WireMock.equalTo("1000"))).willReturn(json(200, Docs.balance(accountId, 1000, 4, List.of()))));
        cancels();
        double before = registry.counter("sut.transaction.compensated", "operation", "make_payment").count();

        postJson("/api/v1/payments", payment(100)).statusCode(503)
                .contentType("application/problem+json")
                .body("type", equalTo("urn:refsut:problem:dependency-unavailable"))
                .body("detail", containsString("'balances'"))
                .body("detail", containsString("CANCELLED"))
                .body("partial", nullValue())
                .body("compensated", contains(write("payments", "cancel")))
                .body("compensated[0].id", equalTo(paymentId.toString()));

        assertEquals(before + 1, registry.counter("sut.transaction.compensated", "operation", "make_payment").count());
        wireMock.verify(2, putRequestedFor(urlEqualTo("/balances/" + accountId)));
        wireMock.verify(putRequestedFor(urlEqualTo("/balances/" + accountId)).withRequestBody(equalToJson("""
                {"currency":"EUR","availableMinor":1000,"version":3,"appliedPayments":[]}""")));
        List<String> calls = calls();
        assertTrue(calls.lastIndexOf("PUT /balances/" + accountId)
                < calls.indexOf("PUT /payments/" + paymentId + "?ifStatus=PENDING"), "fenced before cancelled: " + calls);
        wireMock.verify(putRequestedFor(urlEqualTo("/payments/" + paymentId + "?ifStatus=PENDING"))
                .withRequestBody(matchingJsonPath("$.status", WireMock.equalTo("CANCELLED"))));
        wireMock.verify(0, postRequestedFor(urlEqualTo("/audit-events")));
    }

    @Test
    void restoresTheDebitAndCancelsWhenTheAuditFails() {
        activeAccount("EUR");
        wireMock.stubFor(post("/payments").willReturn(json(201, Docs.payment(paymentId, accountId, 100))));
        wireMock.stubFor(get("/balances/" + accountId).inScenario("debit").whenScenarioStateIs(STARTED)
                .willReturn(json(200, Docs.balance(accountId, 1000, 3, List.of(earlier)))).willSetStateTo("debited"));
        wireMock.stubFor(get("/balances/" + accountId).inScenario("debit").whenScenarioStateIs("debited")
                .willReturn(json(200, Docs.balance(accountId, 900, 4, List.of(paymentId, earlier)))));
        wireMock.stubFor(put("/balances/" + accountId).withRequestBody(matchingJsonPath("$.version", WireMock.equalTo("3")))
                .willReturn(json(200, Docs.balance(accountId, 900, 4, List.of(paymentId, earlier)))));
        wireMock.stubFor(put("/balances/" + accountId).withRequestBody(matchingJsonPath("$.version", WireMock.equalTo("4")))
                .willReturn(json(200, Docs.balance(accountId, 1000, 5, List.of(earlier)))));
        wireMock.stubFor(post("/audit-events").willReturn(json(500, Docs.problem(500, "boom"))));
        cancels();

        postJson("/api/v1/payments", payment(100)).statusCode(503)
                .body("detail", containsString("'audit'"))
                .body("detail", containsString("debit restored"))
                .body("partial", nullValue())
                .body("compensated", hasSize(2))
                .body("compensated[1]", write("balances", "restore"));

        // the restore: amount back, the payment id out of the applied list, conditional on the version read
        wireMock.verify(putRequestedFor(urlEqualTo("/balances/" + accountId)).withRequestBody(equalToJson("""
                {"currency":"EUR","availableMinor":1000,"version":4,"appliedPayments":["%s"]}""".formatted(earlier))));
        List<String> calls = calls();
        int restore = calls.lastIndexOf("PUT /balances/" + accountId);
        int cancel = calls.indexOf("PUT /payments/" + paymentId + "?ifStatus=PENDING");
        assertTrue(restore < cancel, "the debit is restored before the payment is cancelled: " + calls);
    }

    @Test
    void leavesThePaymentPendingWhenTheCompensationCannotRun() {
        activeAccount("EUR");
        wireMock.stubFor(post("/payments").willReturn(json(201, Docs.payment(paymentId, accountId, 100))));
        wireMock.stubFor(get("/balances/" + accountId).willReturn(json(500, Docs.problem(500, "down"))));

        postJson("/api/v1/payments", payment(100)).statusCode(503)
                .body("detail", containsString("stays PENDING"))
                .body("partial", hasSize(1))
                .body("partial[0].dependency", equalTo("payments"))
                .body("compensated", nullValue());
        wireMock.verify(0, putRequestedFor(urlPathMatching("/payments/.*")));
    }

    @Test
    void aPaymentLeftPendingKeepsItsIdInTheBalanceUntilTheSweepSettlesIt() {
        // balances is down: the debit's outcome is unknown and its compensation cannot run, the payment stays PENDING
        activeAccount("EUR");
        wireMock.stubFor(post("/payments").willReturn(json(201, Docs.payment(paymentId, accountId, 100))));
        wireMock.stubFor(get("/balances/" + accountId).willReturn(json(500, Docs.problem(500, "down"))));
        postJson("/api/v1/payments", payment(100)).statusCode(503).body("detail", containsString("stays PENDING"));
        assertTrue(unsettledPayments.contains(paymentId));

        // balances is back; the next payment of the account finds it in the oldest of the 16 applied ids
        wireMock.resetAll();
        breakers.resetAll();
        UUID next = UUID.randomUUID();
        List<UUID> newer = Stream.generate(UUID::randomUUID).limit(15).toList();
        List<UUID> applied = Stream.concat(newer.stream(), Stream.of(paymentId)).toList();
        activeAccount("EUR");
        completes();
        wireMock.stubFor(post("/payments").willReturn(json(201, Docs.payment(next, accountId, 50))));
        wireMock.stubFor(get("/balances/" + accountId).willReturn(json(200, Docs.balance(accountId, 900, 9, applied))));
        List<UUID> kept = Stream.concat(Stream.of(next), Stream.concat(newer.stream().limit(14), Stream.of(paymentId)))
                .toList();
        wireMock.stubFor(put("/balances/" + accountId).willReturn(json(200, Docs.balance(accountId, 850, 10, kept))));
        wireMock.stubFor(post("/audit-events").willReturn(json(201, Docs.audit(next, "PAYMENT_MADE"))));
        postJson("/api/v1/payments", """
                {"id":"%s","accountId":"%s","amountMinor":50,"currency":"EUR","reference":"invoice 2"}"""
                .formatted(next, accountId)).statusCode(201);

        // the debit drops the oldest settled id, not the unsettled one: the sweep can still see that debit
        wireMock.verify(putRequestedFor(urlEqualTo("/balances/" + accountId)).withRequestBody(equalToJson("""
                {"currency":"EUR","availableMinor":850,"version":9,"appliedPayments":[%s]}""".formatted(
                kept.stream().map(id -> "\"" + id + "\"").collect(Collectors.joining(","))))));

        // the sweep settles it from memory once it is older than min-age-ms (its createdAt is long past), even when
        // the sweep's own query does not list it
        wireMock.stubFor(get(urlPathEqualTo("/payments")).willReturn(json(200, "[]")));
        wireMock.stubFor(get("/payments/" + paymentId).willReturn(json(200, Docs.payment(paymentId, accountId, 100))));
        wireMock.stubFor(get("/balances/" + accountId).willReturn(json(200, Docs.balance(accountId, 850, 10, kept))));
        assertEquals(new PaymentRecovery.Sweep(1, 0, 0), recovery.sweep().await().atMost(Duration.ofSeconds(30)));
        wireMock.verify(putRequestedFor(urlEqualTo("/payments/" + paymentId + "?ifStatus=PENDING"))
                .withRequestBody(matchingJsonPath("$.status", WireMock.equalTo("COMPLETED"))));
        assertFalse(unsettledPayments.contains(paymentId), "settled, forgotten");
    }

    @Test
    void aDebitWhosePaymentInsertFailedAndWhoseRestoreFailedIsRestoredByTheSweep() {
        activeAccount("EUR");
        insertFailsAndDebitApplies(json(500, Docs.problem(500, "down")));

        postJson("/api/v1/payments", payment(100)).statusCode(503)
                .body("detail", containsString("the recovery sweep restores it"));
        assertTrue(unsettledPayments.contains(paymentId), "the debit is remembered");

        // balances is back; the payment was never stored: the sweep, once the debit is due, restores it
        wireMock.resetAll();
        breakers.resetAll();
        wireMock.stubFor(get(urlPathEqualTo("/payments")).willReturn(json(200, "[]")));
        wireMock.stubFor(get("/payments/" + paymentId).willReturn(json(404, Docs.problem(404, "absent"))));
        wireMock.stubFor(get("/balances/" + accountId).willReturn(json(200,
                Docs.balance(accountId, 900, 4, List.of(paymentId)))));
        restoreAtVersion4Succeeds();
        assertEquals(new PaymentRecovery.Sweep(0, 0, 0), recovery.sweep().await().atMost(Duration.ofSeconds(30)),
                "not due before min-age-ms: a client retry may still use the debit");
        wireMock.verify(0, putRequestedFor(urlPathMatching("/balances/.*")));

        assertEquals(new PaymentRecovery.Sweep(0, 0, 0, 1), recovery.sweep(Instant.now().plusSeconds(31))
                .await().atMost(Duration.ofSeconds(30)));
        verifyDebitRestoredAtVersion4();
        assertFalse(unsettledPayments.contains(paymentId));
    }

    @Test
    void aRetryWhoseDebitLandsForItsPendingEarlierAttemptCompletesThatPayment() {
        // the first attempt left the payment PENDING without its debit; the retry's insert finds it (409), its
        // debit applies, and the retry completes the payment itself rather than leave it to the sweep
        activeAccount("EUR");
        completes();
        wireMock.stubFor(post("/payments").willReturn(json(409, Docs.problem(409, "payment exists"))));
        wireMock.stubFor(get("/payments/" + paymentId).willReturn(json(200, Docs.payment(paymentId, accountId, 100))));
        wireMock.stubFor(get("/balances/" + accountId).willReturn(json(200,
                Docs.balance(accountId, 1000, 3, List.of()))));
        wireMock.stubFor(put("/balances/" + accountId).willReturn(json(200,
                Docs.balance(accountId, 900, 4, List.of(paymentId)))));

        postJson("/api/v1/payments", payment(100)).statusCode(409)
                .body("detail", containsString("now debited and COMPLETED"));

        wireMock.verify(putRequestedFor(urlEqualTo("/payments/" + paymentId + "?ifStatus=PENDING"))
                .withRequestBody(matchingJsonPath("$.status", WireMock.equalTo("COMPLETED"))));
        wireMock.verify(1, putRequestedFor(urlPathMatching("/balances/.*")));
    }

    @Test
    void restoresADebitMadeForAPaymentWhoseInsertFailed() {
        activeAccount("EUR");
        insertFailsAndDebitApplies(json(200, Docs.balance(accountId, 900, 4, List.of(paymentId))));
        restoreAtVersion4Succeeds();

        postJson("/api/v1/payments", payment(100)).statusCode(503)
                .body("detail", containsString("'payments'"))
                .body("partial", nullValue())
                .body("compensated[0].dependency", equalTo("balances"));
        verifyDebitRestoredAtVersion4();
    }

    @Test
    void restoresADebitThatFailedButWasAppliedWhenTheInsertFailedToo() {
        activeAccount("EUR");
        wireMock.stubFor(post("/payments").willReturn(json(500, Docs.problem(500, "boom"))));
        debitAppliedButAnswered500();

        given().contentType("application/json").body(payment(100))
                .when().post("/api/v1/payments")
                .then().statusCode(503)
                .body("partial", nullValue())
                .body("compensated[0].operation", equalTo("restore"));
        verifyDebitRestoredAtVersion4();
    }

    @Test
    void aRetryWhoseDebitFailedButWasAppliedForACancelledPaymentRestoresIt() {
        // the first attempt was cancelled (its balance fenced); the retry's insert finds the payment (409), and its
        // debit, answered 500, was applied all the same: a CANCELLED payment keeps no debit, and no sweep looks at it
        activeAccount("EUR");
        wireMock.stubFor(post("/payments").willReturn(json(409, Docs.problem(409, "payment exists"))));
        wireMock.stubFor(get("/payments/" + paymentId).willReturn(json(200,
                Docs.payment(paymentId, accountId, 100, "CANCELLED"))));
        debitAppliedButAnswered500();

        postJson("/api/v1/payments", payment(100)).statusCode(503)
                .body("partial", nullValue())
                .body("compensated[0].operation", equalTo("restore"));
        verifyDebitRestoredAtVersion4();
        assertFalse(unsettledPayments.contains(paymentId), "restored at once, nothing left for the sweep");
    }

    @Test
    void aRetryWhoseDebitFailedForAPendingEarlierAttemptLeavesItToTheSweep() {
        activeAccount("EUR");
        wireMock.stubFor(post("/payments").willReturn(json(409, Docs.problem(409, "payment exists"))));
        wireMock.stubFor(get("/payments/" + paymentId).willReturn(json(200, Docs.payment(paymentId, accountId, 100))));
        wireMock.stubFor(get("/balances/" + accountId).willReturn(json(200,
                Docs.balance(accountId, 1000, 3, List.of()))));
        wireMock.stubFor(put("/balances/" + accountId).willReturn(json(500, Docs.problem(500, "lost"))));

        postJson("/api/v1/payments", payment(100)).statusCode(503).body("compensated", nullValue());
        // the one PUT is the debit: no restore, no fence; the PENDING payment is the sweep's (or its owner's)
        wireMock.verify(1, putRequestedFor(urlPathMatching("/balances/.*")));
        wireMock.verify(0, putRequestedFor(urlPathMatching("/payments/.*")));
    }

    @Test
    void aRetryOfACompletedPaymentNeverDebitsAgain() {
        activeAccount("EUR");
        wireMock.stubFor(post("/payments").willReturn(json(409, Docs.problem(409, "payment exists"))));
        wireMock.stubFor(get("/balances/" + accountId).willReturn(json(200,
                Docs.balance(accountId, 900, 4, List.of(paymentId)))));

        postJson("/api/v1/payments", payment(100)).statusCode(409)
                .body("partial", nullValue())
                .body("compensated", nullValue());
        wireMock.verify(0, putRequestedFor(urlPathMatching("/balances/.*")));
        wireMock.verify(0, putRequestedFor(urlPathMatching("/payments/.*")));
    }

    @Test
    void readsPaymentThenItsAccount() {
        wireMock.stubFor(get("/payments/" + paymentId).willReturn(json(200, Docs.payment(paymentId, accountId, 42))));
        activeAccount("EUR");

        given().when().get("/api/v1/payments/" + paymentId)
                .then().statusCode(200)
                .body("payment.amountMinor", equalTo(42))
                .body("account.id", equalTo(accountId.toString()));
        assertEquals(List.of("GET /payments/" + paymentId, "GET /accounts/" + accountId),
                calls());
    }

    @Test
    void answers404ForAnUnknownPayment() {
        wireMock.stubFor(get(urlPathMatching("/payments/.*")).willReturn(json(404, Docs.problem(404, "absent"))));

        given().when().get("/api/v1/payments/" + paymentId)
                .then().statusCode(404)
                .contentType("application/problem+json");
        wireMock.verify(1, getRequestedFor(urlEqualTo("/payments/" + paymentId)));
    }

    /** service-3 accepts the status change PENDING → COMPLETED. */
    private void completes() {
        wireMock.stubFor(put(urlPathMatching("/payments/.*")).withQueryParam("ifStatus", WireMock.equalTo("PENDING"))
                .withRequestBody(matchingJsonPath("$.status", WireMock.equalTo("COMPLETED")))
                .willReturn(json(200, Docs.payment(paymentId, accountId, 250, "COMPLETED"))));
    }

    /** service-3 accepts the status change PENDING → CANCELLED. */
    private void cancels() {
        wireMock.stubFor(put(urlPathMatching("/payments/.*")).withQueryParam("ifStatus", WireMock.equalTo("PENDING"))
                .withRequestBody(matchingJsonPath("$.status", WireMock.equalTo("CANCELLED")))
                .willReturn(json(200, Docs.payment(paymentId, accountId, 100, "CANCELLED"))));
    }

    private void activeAccount(String currency) {
        wireMock.stubFor(get("/accounts/" + accountId).willReturn(json(200, Docs.account(accountId, "ACTIVE", currency))));
    }

    private String payment(long amount) {
        return """
                {"id":"%s","accountId":"%s","amountMinor":%d,"currency":"EUR","reference":"invoice 1"}"""
                .formatted(paymentId, accountId, amount);
    }

    /**
     * service-3 fails the payment's insert (500); the debit reads the balance at version 3 and applies (version 4,
     * listing the payment); the balance's later reads answer {@code afterDebit}.
     */
    private void insertFailsAndDebitApplies(ResponseDefinitionBuilder afterDebit) {
        wireMock.stubFor(post("/payments").willReturn(json(500, Docs.problem(500, "boom"))));
        wireMock.stubFor(get("/balances/" + accountId).inScenario("debit").whenScenarioStateIs(STARTED)
                .willReturn(json(200, Docs.balance(accountId, 1000, 3, List.of()))).willSetStateTo("debited"));
        wireMock.stubFor(get("/balances/" + accountId).inScenario("debit").whenScenarioStateIs("debited")
                .willReturn(afterDebit));
        wireMock.stubFor(put("/balances/" + accountId).withRequestBody(matchingJsonPath("$.version",
                WireMock.equalTo("3"))).willReturn(json(200, Docs.balance(accountId, 900, 4, List.of(paymentId)))));
    }

    /** The debit (at version 3) is applied, but its answer is a 500; a restore at version 4 succeeds. */
    private void debitAppliedButAnswered500() {
        wireMock.stubFor(get("/balances/" + accountId).inScenario("lost answer").whenScenarioStateIs(STARTED)
                .willReturn(json(200, Docs.balance(accountId, 1000, 3, List.of()))));
        wireMock.stubFor(get("/balances/" + accountId).inScenario("lost answer").whenScenarioStateIs("applied")
                .willReturn(json(200, Docs.balance(accountId, 900, 4, List.of(paymentId)))));
        wireMock.stubFor(put("/balances/" + accountId).inScenario("lost answer")
                .withRequestBody(matchingJsonPath("$.version", WireMock.equalTo("3")))
                .willReturn(json(500, Docs.problem(500, "lost"))).willSetStateTo("applied"));
        restoreAtVersion4Succeeds();
    }

    /** The balance service accepts the restore of a debit: the replace of version 4 back to 1000 and no payment. */
    private void restoreAtVersion4Succeeds() {
        wireMock.stubFor(put("/balances/" + accountId).withRequestBody(matchingJsonPath("$.version", WireMock.equalTo("4")))
                .willReturn(json(200, Docs.balance(accountId, 1000, 5, List.of()))));
    }

    /** The debit of 100 was restored: version 4 replaced by the balance without the payment. */
    private void verifyDebitRestoredAtVersion4() {
        wireMock.verify(putRequestedFor(urlEqualTo("/balances/" + accountId)).withRequestBody(equalToJson("""
                {"currency":"EUR","availableMinor":1000,"version":4,"appliedPayments":[]}""")));
    }
}
