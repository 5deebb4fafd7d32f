package io.refsut.orchestrator;

import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.smallrye.faulttolerance.api.CircuitBreakerState;

/** Each downstream failing (5xx, slow past the timeout): a fast 503 naming it; retries; breakers open and close. */
@QuarkusTest
@WithTestResource(WireMockDownstreams.class)
class FaultToleranceTest extends StubbedDownstreams {

    /** The configured timeout of one call attempt in the test profile. */
    private static final long TIMEOUT_MS = 2000;
    /** The configured number of find retries. */
    private static final int FIND_RETRIES = 2;

    @ParameterizedTest
    @EnumSource(Failures.class)
    void answers503NamingTheDependencyThatAnswers500(Failures scenario) {
        UUID id = UUID.randomUUID();
        scenario.stubHealthyOthers(wireMock, id);
        wireMock.stubFor(any(urlPathMatching(scenario.failingPath)).willReturn(json(500, Docs.problem(500, "boom"))));

        scenario.send(given(), id).then().statusCode(503)
                .contentType("application/problem+json")
                .body("status", equalTo(503))
                .body("type", equalTo("urn:refsut:problem:dependency-unavailable"))
                .body("detail", containsString("'" + scenario.dependency + "'"))
                .body("detail", containsString("HTTP 500"));

        int expected = scenario.failingCallIsFind() ? 1 + FIND_RETRIES : 1;
        wireMock.verify(expected, anyRequestedFor(urlPathMatching(scenario.failingPath)));
    }

    @ParameterizedTest
    @EnumSource(Failures.class)
    void answers503WithinTheTimeoutWhenTheDependencyIsSlow(Failures scenario) {
        UUID id = UUID.randomUUID();
        long delayMs = 5 * TIMEOUT_MS;
        scenario.stubHealthyOthers(wireMock, id);
        // warm the request path first, so that the measurement below is not JIT time
        scenario.send(given(), id);
        wireMock.resetRequests();
        wireMock.stubFor(any(urlPathMatching(scenario.failingPath)).willReturn(json(200, "{}")
                .withFixedDelay((int) delayMs)));

        long start = System.nanoTime();
        Response response = scenario.send(given(), id);
        long elapsedMs = (System.nanoTime() - start) / 1_000_000;

        response.then().statusCode(503)
                .contentType("application/problem+json")
                .body("detail", containsString("'" + scenario.dependency + "'"))
                .body("detail", containsString("timeout"));
        assertTrue(elapsedMs >= TIMEOUT_MS - 50, "answered before the timeout: " + elapsedMs + " ms");
        assertTrue(elapsedMs < 3 * TIMEOUT_MS, "answer took " + elapsedMs + " ms, the dependency delay is " + delayMs
                + " ms and the timeout " + TIMEOUT_MS + " ms");
        wireMock.verify(1, anyRequestedFor(urlPathMatching(scenario.failingPath)));
    }

    @Test
    void retriesAFailedFindTheConfiguredNumberOfTimesThenSucceeds() {
        UUID id = UUID.randomUUID();
        wireMock.stubFor(any(urlPathMatching("/payments/.*")).inScenario("flaky")
                .whenScenarioStateIs(com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED)
                .willReturn(json(503, Docs.problem(503, "busy"))).willSetStateTo("second"));
        wireMock.stubFor(any(urlPathMatching("/payments/.*")).inScenario("flaky").whenScenarioStateIs("second")
                .willReturn(json(502, Docs.problem(502, "busy"))).willSetStateTo("third"));
        wireMock.stubFor(any(urlPathMatching("/payments/.*")).inScenario("flaky").whenScenarioStateIs("third")
                .willReturn(json(200, Docs.payment(id, id, 3))));
        wireMock.stubFor(any(urlPathMatching("/accounts/.*")).willReturn(json(200, Docs.account(id, "ACTIVE", "EUR"))));

        given().when().get("/api/v1/payments/" + id).then().statusCode(200).body("payment.amountMinor", equalTo(3));
        wireMock.verify(1 + FIND_RETRIES, anyRequestedFor(urlEqualTo("/payments/" + id)));
    }

    @Test
    void neverRetriesAnInsert() {
        UUID id = UUID.randomUUID();
        wireMock.stubFor(any(urlPathMatching("/accounts/.*")).willReturn(json(200, Docs.account(id, "ACTIVE", "EUR"))));
        wireMock.stubFor(any(urlPathMatching("/balances/.*")).willReturn(json(200, Docs.balance(id, 9, 0, List.of()))));
        wireMock.stubFor(post("/payments").willReturn(json(500, Docs.problem(500, "boom"))));

        given().contentType("application/json").body("""
                {"accountId":"%s","amountMinor":1,"currency":"EUR","reference":"r"}""".formatted(id))
                .when().post("/api/v1/payments")
                .then().statusCode(503)
                .body("detail", containsString("'payments'"));
        wireMock.verify(1, postRequestedFor(urlEqualTo("/payments")));
    }

    @Test
    void opensTheBreakerAfterRepeatedFailuresAndClosesItAfterRecovery() {
        wireMock.stubFor(post("/accounts").willReturn(json(201, Docs.account(UUID.randomUUID(), "ACTIVE", "EUR"))));
        wireMock.stubFor(post("/balances").willReturn(json(201, Docs.balance(UUID.randomUUID(), 1, 0, List.of()))));
        wireMock.stubFor(post("/audit-events").willReturn(json(500, Docs.problem(500, "boom"))));
        int window = 4;
        for (int i = 0; i < window; i++) {
            createAccount().then().statusCode(503).body("detail", containsString("HTTP 500"));
        }
        assertEquals(CircuitBreakerState.OPEN, breakers.currentState("audit-insert"));

        createAccount().then().statusCode(503)
                .body("detail", containsString("'audit'"))
                .body("detail", containsString("circuit breaker open"));
        wireMock.verify(window, postRequestedFor(urlEqualTo("/audit-events")));

        wireMock.stubFor(post("/audit-events").willReturn(json(201, Docs.audit(UUID.randomUUID(), "ACCOUNT_CREATED"))));
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(200))
                .until(() -> createAccount().statusCode() == 201);
        assertEquals(CircuitBreakerState.CLOSED, breakers.currentState("audit-insert"));
    }

    /** The timeout sits inside the breaker (and outside the bulkhead), as SmallRye orders its own. */
    @Test
    void timeoutsCountAsFailuresAndOpenTheBreaker() throws Exception {
        wireMock.stubFor(post("/accounts").willReturn(json(201, Docs.account(UUID.randomUUID(), "ACTIVE", "EUR"))));
        wireMock.stubFor(post("/balances").willReturn(json(201, Docs.balance(UUID.randomUUID(), 1, 0, List.of()))));
        wireMock.stubFor(post("/audit-events").willReturn(json(201, Docs.audit(UUID.randomUUID(), "ACCOUNT_CREATED"))
                .withFixedDelay((int) (2 * TIMEOUT_MS))));
        int window = 4;
        ExecutorService clients = Executors.newFixedThreadPool(window);
        try {
            List<Future<Response>> answers = new ArrayList<>();
            for (int i = 0; i < window; i++) {
                answers.add(clients.submit(this::createAccount));
            }
            for (Future<Response> answer : answers) {
                answer.get(6 * TIMEOUT_MS, TimeUnit.MILLISECONDS).then().statusCode(503)
                        .body("detail", containsString("'audit'"))
                        .body("detail", containsString("timeout"));
            }
        } finally {
            clients.shutdownNow();
        }
        // open, or half open once its 500 ms delay has passed: either only after it opened
        assertNotEquals(CircuitBreakerState.CLOSED, breakers.currentState("audit-insert"));
        wireMock.verify(window, postRequestedFor(urlEqualTo("/audit-events")));
    }

    @Test
    void doesNotCountNotFoundAsAFailure() {
        wireMock.stubFor(any(urlPathMatching("/payments/.*")).willReturn(json(404, Docs.problem(404, "absent"))));
        for (int i = 0; i < 6; i++) {
            given().when().get("/api/v1/payments/" + UUID.randomUUID()).then().statusCode(404);
        }
        assertEquals(CircuitBreakerState.CLOSED, breakers.currentState("payments-find"));
        wireMock.verify(6, anyRequestedFor(urlPathMatching("/payments/.*")));
    }

    private Response createAccount() {
        return given().contentType("application/json").body("""
                {"id":"%s","owner":"Ada","currency":"EUR","initialBalanceMinor":1}""".formatted(UUID.randomUUID()))
                .when().post("/api/v1/accounts");
    }
}
