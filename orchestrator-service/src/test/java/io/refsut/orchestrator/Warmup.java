package io.refsut.orchestrator;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static io.refsut.orchestrator.StubbedDownstreams.json;
import static io.restassured.RestAssured.given;

import java.util.List;
import java.util.UUID;

import com.github.tomakehurst.wiremock.WireMockServer;

/**
 * Sends every operation once through a freshly started orchestrator against answering stubs, so that the first
 * measured request of a test is not class loading and JIT time (on a loaded 2-core machine that can exceed a
 * timeout). Runs once per WireMock server, that is once per started application.
 */
final class Warmup {

    private static int warmedPort = -1;

    private Warmup() {
    }

    static synchronized void once(WireMockServer wireMock) {
        if (wireMock.port() == warmedPort) {
            return;
        }
        UUID id = UUID.randomUUID();
        wireMock.resetAll();
        wireMock.stubFor(get(urlPathMatching("/accounts/.*")).willReturn(json(200, Docs.account(id, "ACTIVE", "EUR"))));
        wireMock.stubFor(post("/accounts").willReturn(json(201, Docs.account(id, "ACTIVE", "EUR"))));
        wireMock.stubFor(put(urlPathMatching("/accounts/.*")).willReturn(json(200, Docs.account(id, "ACTIVE", "EUR"))));
        wireMock.stubFor(get(urlPathMatching("/balances/.*")).willReturn(json(200, Docs.balance(id, 9, 0, List.of()))));
        wireMock.stubFor(post("/balances").willReturn(json(201, Docs.balance(id, 9, 0, List.of()))));
        wireMock.stubFor(put(urlPathMatching("/balances/.*")).willReturn(json(200, Docs.balance(id, 8, 1, List.of()))));
        wireMock.stubFor(get(urlPathMatching("/payments/.*")).willReturn(json(200, Docs.payment(id, id, 1))));
        wireMock.stubFor(post("/payments").willReturn(json(201, Docs.payment(id, id, 1))));
        wireMock.stubFor(post("/audit-events").willReturn(json(201, Docs.audit(id, "ACCOUNT_CREATED"))));
        given().contentType("application/json").body("""
                {"id":"%s","owner":"Ada","currency":"EUR","initialBalanceMinor":9}""".formatted(id))
                .post("/api/v1/accounts");
        given().get("/api/v1/accounts/" + id);
        given().contentType("application/json").body("""
                {"owner":"Ada","currency":"EUR","status":"ACTIVE"}""").put("/api/v1/accounts/" + id);
        given().contentType("application/json").body("""
                {"accountId":"%s","amountMinor":1,"currency":"EUR","reference":"r"}""".formatted(id))
                .post("/api/v1/payments");
        given().get("/api/v1/payments/" + id);
        wireMock.resetAll();
        warmedPort = wireMock.port();
    }
}
