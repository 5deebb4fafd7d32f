package io.refsut.orchestrator;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static io.refsut.orchestrator.StubbedDownstreams.json;

import java.util.List;
import java.util.UUID;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

/** For each dependency, a public request whose first failing call goes to that dependency, the others answering. */
enum Failures {
    ACCOUNTS("accounts", "/accounts/.*"),
    PAYMENTS("payments", "/payments/.*"),
    BALANCES("balances", "/balances/.*"),
    AUDIT("audit", "/audit-events");

    final String dependency;
    final String failingPath;

    Failures(String dependency, String failingPath) {
        this.dependency = dependency;
        this.failingPath = failingPath;
    }

    /** Stubs healthy answers for the calls of this scenario that go to other dependencies. */
    void stubHealthyOthers(WireMockServer healthy, UUID id) {
        switch (this) {
            case ACCOUNTS -> healthy.stubFor(get(urlPathMatching("/balances/.*"))
                    .willReturn(json(200, Docs.balance(id, 1, 0, List.of()))));
            case PAYMENTS -> {
            }
            case BALANCES -> healthy.stubFor(get(urlPathMatching("/accounts/.*"))
                    .willReturn(json(200, Docs.account(id, "ACTIVE", "EUR"))));
            case AUDIT -> {
                healthy.stubFor(post("/accounts").willReturn(json(201, Docs.account(id, "ACTIVE", "EUR"))));
                healthy.stubFor(post("/balances").willReturn(json(201, Docs.balance(id, 1, 0, List.of()))));
            }
        }
    }

    /** Sends this scenario's public request. */
    Response send(RequestSpecification request, UUID id) {
        return switch (this) {
            case ACCOUNTS, BALANCES -> request.get("/api/v1/accounts/" + id);
            case PAYMENTS -> request.get("/api/v1/payments/" + id);
            case AUDIT -> request.contentType("application/json").body("""
                    {"id":"%s","owner":"Ada","currency":"EUR","initialBalanceMinor":1}""".formatted(id))
                    .post("/api/v1/accounts");
        };
    }

    /** Whether the failing call is a find (retried after failures). */
    boolean failingCallIsFind() {
        return this != AUDIT;
    }
}
