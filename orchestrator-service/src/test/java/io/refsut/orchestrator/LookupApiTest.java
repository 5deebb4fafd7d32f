package io.refsut.orchestrator;

import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The lookups the load test's read-back uses: one lookup per data service, the same views as the single reads, and
 * an id found exactly when its single read would answer 200.
 */
@QuarkusTest
@WithTestResource(WireMockDownstreams.class)
class LookupApiTest extends StubbedDownstreams {

    private static String ids(UUID... ids) {
        return List.of(ids).stream().map(id -> "\"" + id + "\"").collect(Collectors.joining(",", "{\"ids\":[", "]}"));
    }

    private static String found(String... documents) {
        return "{\"found\":[" + String.join(",", documents) + "]}";
    }

    @Test
    void accountLookupJoinsAccountsAndBalancesFromOneLookupEach() {
        UUID both = UUID.randomUUID();
        UUID accountOnly = UUID.randomUUID();
        UUID neither = UUID.randomUUID();
        wireMock.stubFor(post("/accounts/lookup").willReturn(json(200, found(Docs.account(both, "ACTIVE", "EUR"),
                Docs.account(accountOnly, "ACTIVE", "EUR")))));
        wireMock.stubFor(post("/balances/lookup").willReturn(json(200, found(Docs.balance(both, 4200, 3,
                List.of())))));

        postJson("/api/v1/accounts/lookup", ids(neither, both, accountOnly, both)).statusCode(200)
                .body("found.account.id", contains(both.toString()))
                .body("found[0].balance.availableMinor", equalTo(4200))
                .body("notFound", contains(neither.toString(), accountOnly.toString()));

        assertEquals(Set.of("POST /accounts/lookup", "POST /balances/lookup"), Set.copyOf(calls()));
        assertEquals(2, calls().size(), calls().toString());
        String distinct = ids(neither, both, accountOnly);
        wireMock.verify(postRequestedFor(urlEqualTo("/accounts/lookup")).withRequestBody(equalToJson(distinct)));
        wireMock.verify(postRequestedFor(urlEqualTo("/balances/lookup")).withRequestBody(equalToJson(distinct)));
    }

    @Test
    void paymentLookupReadsThePaymentsThenTheirAccounts() {
        UUID account = UUID.randomUUID();
        UUID goneAccount = UUID.randomUUID();
        UUID paid = UUID.randomUUID();
        UUID orphan = UUID.randomUUID();
        UUID absent = UUID.randomUUID();
        wireMock.stubFor(post("/payments/lookup").willReturn(json(200, found(
                Docs.payment(paid, account, 250, "PENDING"), Docs.payment(orphan, goneAccount, 10)))));
        wireMock.stubFor(post("/accounts/lookup").willReturn(json(200, found(Docs.account(account, "ACTIVE",
                "EUR")))));

        postJson("/api/v1/payments/lookup", ids(paid, absent, orphan)).statusCode(200)
                .body("found.payment.id", contains(paid.toString()))
                .body("found[0].payment.status", equalTo("PENDING"))
                .body("found[0].account.id", equalTo(account.toString()))
                .body("notFound", contains(absent.toString(), orphan.toString()));

        assertEquals(List.of("POST /payments/lookup", "POST /accounts/lookup"), calls());
        wireMock.verify(postRequestedFor(urlEqualTo("/payments/lookup")).withRequestBody(equalToJson(
                ids(paid, absent, orphan))));
        wireMock.verify(postRequestedFor(urlEqualTo("/accounts/lookup")).withRequestBody(equalToJson(
                ids(account, goneAccount))));
    }

    @Test
    void paymentLookupWithNothingFoundAsksNoAccounts() {
        UUID absent = UUID.randomUUID();
        wireMock.stubFor(post("/payments/lookup").willReturn(json(200, found())));

        postJson("/api/v1/payments/lookup", ids(absent)).statusCode(200)
                .body("found", equalTo(List.of())).body("notFound", contains(absent.toString()));
        assertEquals(List.of("POST /payments/lookup"), calls());
    }

    @Test
    void failedDependencyIsA503NamingIt() {
        wireMock.stubFor(post("/accounts/lookup").willReturn(json(200, found())));
        wireMock.stubFor(post("/balances/lookup").willReturn(json(500, Docs.problem(500, "boom"))));

        postJson("/api/v1/accounts/lookup", ids(UUID.randomUUID())).statusCode(503)
                .contentType(containsString("application/problem+json"))
                .body("detail", containsString("balances"));
    }

    @Test
    void refusesMoreThanAHundredIdsWith400AndCallsNothing() {
        List<UUID> many = new ArrayList<>();
        for (int i = 0; i < 101; i++) {
            many.add(UUID.randomUUID());
        }
        postJson("/api/v1/accounts/lookup", ids(many.toArray(UUID[]::new))).statusCode(400)
                .contentType(containsString("application/problem+json"))
                .body("detail", containsString("ids"));
        postJson("/api/v1/payments/lookup", "{\"ids\":[\"nope\"]}").statusCode(400)
                .body("detail", containsString("ids"));
        assertEquals(List.of(), calls());
    }
}
