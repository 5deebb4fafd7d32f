package io.refsut.orchestrator;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.github.tomakehurst.wiremock.client.WireMock;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.refsut.orchestrator.service.PaymentRecovery;

/**
 * A crash of the orchestrator between the steps of a payment leaves what the data services hold: a payment PENDING
 * whose debit was applied (the crash came after the debit) and one PENDING without its debit (the crash came before).
 * The recovery sweep of the restarted orchestrator completes the first and cancels the second, each with one
 * replace conditional on PENDING, and touches no balance.
 */
@QuarkusTest
@WithTestResource(WireMockDownstreams.class)
class RecoveryTest extends StubbedDownstreams {

    @Inject
    PaymentRecovery recovery;

    private final UUID debitedAccount = UUID.randomUUID();
    private final UUID debitedPayment = UUID.randomUUID();
    private final UUID undebitedAccount = UUID.randomUUID();
    private final UUID undebitedPayment = UUID.randomUUID();

    @Test
    void completesAPendingPaymentWhoseDebitWasAppliedAndCancelsOneWithout() {
        Instant started = Instant.now();
        wireMock.stubFor(get(urlPathEqualTo("/payments")).withQueryParam("status", WireMock.equalTo("PENDING"))
                .willReturn(json(200, "[" + Docs.payment(debitedPayment, debitedAccount, 30) + ","
                        + Docs.payment(undebitedPayment, undebitedAccount, 40) + "]")));
        wireMock.stubFor(get("/balances/" + debitedAccount).willReturn(json(200,
                Docs.balance(debitedAccount, 970, 1, List.of(debitedPayment)))));
        wireMock.stubFor(get("/balances/" + undebitedAccount).willReturn(json(200,
                Docs.balance(undebitedAccount, 1000, 0, List.of()))));
        wireMock.stubFor(put("/payments/" + debitedPayment + "?ifStatus=PENDING")
                .willReturn(json(200, Docs.payment(debitedPayment, debitedAccount, 30, "COMPLETED"))));
        wireMock.stubFor(put("/payments/" + undebitedPayment + "?ifStatus=PENDING")
                .willReturn(json(200, Docs.payment(undebitedPayment, undebitedAccount, 40, "CANCELLED"))));
        wireMock.stubFor(put("/balances/" + undebitedAccount).willReturn(json(200,
                Docs.balance(undebitedAccount, 1000, 1, List.of()))));

        PaymentRecovery.Sweep sweep = recovery.sweep().await().atMost(Duration.ofSeconds(30));

        assertEquals(new PaymentRecovery.Sweep(1, 1, 0), sweep);
        wireMock.verify(putRequestedFor(urlEqualTo("/payments/" + debitedPayment + "?ifStatus=PENDING"))
                .withRequestBody(matchingJsonPath("$.status", WireMock.equalTo("COMPLETED")))
                .withRequestBody(matchingJsonPath("$.amountMinor", WireMock.equalTo("30"))));
        wireMock.verify(putRequestedFor(urlEqualTo("/payments/" + undebitedPayment + "?ifStatus=PENDING"))
                .withRequestBody(matchingJsonPath("$.status", WireMock.equalTo("CANCELLED"))));
        // the balance of the cancelled payment is fenced (unchanged, next version): a debit still in flight from the
        // crashed attempt can never apply; the debited one is not touched
        wireMock.verify(1, putRequestedFor(urlPathMatching("/balances/.*")));
        wireMock.verify(putRequestedFor(urlEqualTo("/balances/" + undebitedAccount)).withRequestBody(
                WireMock.equalToJson("""
                        {"currency":"EUR","availableMinor":1000,"version":0,"appliedPayments":[]}""")));
        // only payments older than sut.recovery.min-age-ms are asked for
        LoggedRequest query = wireMock.findAll(WireMock.getRequestedFor(urlPathEqualTo("/payments"))).get(0);
        Instant before = Instant.parse(query.queryParameter("createdBefore").firstValue());
        Instant ended = Instant.now();
        assertTrue(!before.isBefore(started.minusSeconds(30)) && !before.isAfter(ended.minusSeconds(30)),
                "createdBefore " + before + " is the sweep's time minus 30 s");
        assertEquals("50", query.queryParameter("limit").firstValue());
    }

    @Test
    void remembersThePaymentsPendingAtStartUpAndSettlesEachOnceItIsOldEnough() {
        // a crash left two payments PENDING: one created 40 s before the start, one just before it
        Instant startedAt = Instant.now();
        String old = Docs.payment(debitedPayment, debitedAccount, 30)
                .replace("2026-01-01T00:00:00Z", startedAt.minusSeconds(40).toString());
        String young = Docs.payment(undebitedPayment, undebitedAccount, 40)
                .replace("2026-01-01T00:00:00Z", startedAt.minusSeconds(1).toString());
        wireMock.stubFor(get(urlPathEqualTo("/payments")).withQueryParam("createdBefore",
                WireMock.equalTo(startedAt.toString())).willReturn(json(200, "[" + old + "," + young + "]")));
        wireMock.stubFor(get(urlPathEqualTo("/payments")).atPriority(10).willReturn(json(200, "[]")));
        wireMock.stubFor(get("/balances/" + debitedAccount).willReturn(json(200,
                Docs.balance(debitedAccount, 970, 1, List.of(debitedPayment)))));
        wireMock.stubFor(put("/payments/" + debitedPayment + "?ifStatus=PENDING")
                .willReturn(json(200, Docs.payment(debitedPayment, debitedAccount, 30, "COMPLETED"))));
        wireMock.stubFor(get("/payments/" + debitedPayment).willReturn(json(200, old)));

        assertEquals(2, recovery.rememberPending(startedAt).await().atMost(Duration.ofSeconds(30)));
        assertTrue(unsettledPayments.contains(debitedPayment) && unsettledPayments.contains(undebitedPayment));

        // the sweep settles the old one from memory; the young one waits for sut.recovery.min-age-ms, protected
        assertEquals(new PaymentRecovery.Sweep(1, 0, 0), recovery.sweep().await().atMost(Duration.ofSeconds(30)));
        wireMock.verify(1, putRequestedFor(urlPathMatching("/payments/.*")));
        wireMock.verify(0, WireMock.getRequestedFor(urlEqualTo("/balances/" + undebitedAccount)));
        assertFalse(unsettledPayments.contains(debitedPayment));
        assertTrue(unsettledPayments.contains(undebitedPayment));
    }

    @Test
    void leavesAPaymentPendingWhenItsBalanceCannotBeReadAndTriesAgainNextTime() {
        wireMock.stubFor(get(urlPathEqualTo("/payments")).willReturn(json(200,
                "[" + Docs.payment(debitedPayment, debitedAccount, 30) + "]")));
        wireMock.stubFor(get("/balances/" + debitedAccount).willReturn(json(500, Docs.problem(500, "down"))));
        wireMock.stubFor(get("/payments/" + debitedPayment).willReturn(json(200,
                Docs.payment(debitedPayment, debitedAccount, 30))));

        assertEquals(new PaymentRecovery.Sweep(0, 0, 1), recovery.sweep().await().atMost(Duration.ofSeconds(30)));
        assertTrue(unsettledPayments.contains(debitedPayment), "remembered: its id stays in the balance");
        wireMock.verify(0, putRequestedFor(urlPathMatching("/payments/.*")));

        wireMock.stubFor(get("/balances/" + debitedAccount).willReturn(json(200,
                Docs.balance(debitedAccount, 970, 1, List.of(debitedPayment)))));
        wireMock.stubFor(put("/payments/" + debitedPayment + "?ifStatus=PENDING")
                .willReturn(json(200, Docs.payment(debitedPayment, debitedAccount, 30, "COMPLETED"))));
        breakers.resetAll();
        assertEquals(new PaymentRecovery.Sweep(1, 0, 0), recovery.sweep().await().atMost(Duration.ofSeconds(30)));
    }

    @Test
    void aPaymentSettledMeanwhileIsNotTouchedAgain() {
        wireMock.stubFor(get(urlPathEqualTo("/payments")).willReturn(json(200,
                "[" + Docs.payment(undebitedPayment, undebitedAccount, 40) + "]")));
        wireMock.stubFor(get("/balances/" + undebitedAccount).willReturn(json(200,
                Docs.balance(undebitedAccount, 1000, 0, List.of()))));
        wireMock.stubFor(put("/payments/" + undebitedPayment + "?ifStatus=PENDING")
                .willReturn(json(409, Docs.problem(409, "payment is CANCELLED, not PENDING"))));
        wireMock.stubFor(get("/payments/" + undebitedPayment).willReturn(json(200,
                Docs.payment(undebitedPayment, undebitedAccount, 40, "CANCELLED"))));
        wireMock.stubFor(put("/balances/" + undebitedAccount).willReturn(json(200,
                Docs.balance(undebitedAccount, 1000, 1, List.of()))));

        assertEquals(new PaymentRecovery.Sweep(0, 1, 0), recovery.sweep().await().atMost(Duration.ofSeconds(30)));
        wireMock.verify(1, putRequestedFor(urlPathMatching("/payments/.*")));
    }

    @Test
    void restoresADebitThatLandedLateBeforeCancelling() {
        wireMock.stubFor(get(urlPathEqualTo("/payments")).willReturn(json(200,
                "[" + Docs.payment(undebitedPayment, undebitedAccount, 40) + "]")));
        // the first read does not list the payment; the debit of the crashed attempt lands before the fence
        wireMock.stubFor(get("/balances/" + undebitedAccount).inScenario("late").whenScenarioStateIs(
                com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED).willReturn(json(200,
                        Docs.balance(undebitedAccount, 1000, 0, List.of()))).willSetStateTo("read once"));
        wireMock.stubFor(get("/balances/" + undebitedAccount).inScenario("late").whenScenarioStateIs("read once")
                .willReturn(json(200, Docs.balance(undebitedAccount, 1000, 0, List.of()))).willSetStateTo("landed"));
        wireMock.stubFor(get("/balances/" + undebitedAccount).inScenario("late").whenScenarioStateIs("landed")
                .willReturn(json(200, Docs.balance(undebitedAccount, 960, 1, List.of(undebitedPayment)))));
        wireMock.stubFor(put("/balances/" + undebitedAccount).withRequestBody(matchingJsonPath("$.version",
                WireMock.equalTo("0"))).willReturn(json(409, Docs.problem(409, "balance is at version 1, not 0"))));
        wireMock.stubFor(put("/balances/" + undebitedAccount).withRequestBody(matchingJsonPath("$.version",
                WireMock.equalTo("1"))).willReturn(json(200, Docs.balance(undebitedAccount, 1000, 2, List.of()))));
        wireMock.stubFor(put("/payments/" + undebitedPayment + "?ifStatus=PENDING")
                .willReturn(json(200, Docs.payment(undebitedPayment, undebitedAccount, 40, "CANCELLED"))));

        assertEquals(new PaymentRecovery.Sweep(0, 1, 0), recovery.sweep().await().atMost(Duration.ofSeconds(30)));
        wireMock.verify(putRequestedFor(urlEqualTo("/balances/" + undebitedAccount)).withRequestBody(
                WireMock.equalToJson("""
                        {"currency":"EUR","availableMinor":1000,"version":1,"appliedPayments":[]}""")));
        wireMock.verify(putRequestedFor(urlEqualTo("/payments/" + undebitedPayment + "?ifStatus=PENDING"))
                .withRequestBody(matchingJsonPath("$.status", WireMock.equalTo("CANCELLED"))));
    }
}
