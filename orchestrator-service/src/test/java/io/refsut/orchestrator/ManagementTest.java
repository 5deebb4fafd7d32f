package io.refsut.orchestrator;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Health and Prometheus metrics on the management interface (whose root is /q) and the OpenAPI document; writes
 * the scrape that the k8s module's dashboard test reads.
 */
@QuarkusTest
@WithTestResource(WireMockDownstreams.class)
class ManagementTest extends StubbedDownstreams {

    @TestHTTPResource(value = "/metrics", management = true)
    URL metrics;

    @TestHTTPResource(value = "/health/ready", management = true)
    URL ready;

    @Test
    void isReadyWhileADownstreamIsFailing() {
        wireMock.stubFor(get(urlPathMatching("/payments/.*")).willReturn(json(500, Docs.problem(500, "boom"))));
        given().when().get("/api/v1/payments/" + UUID.randomUUID()).then().statusCode(503);

        given().when().get(ready).then().statusCode(200).body("status", equalTo("UP"));
    }

    @Test
    void servesTheOpenApiDocumentOfThePublicApi() {
        given().accept("application/json").when().get("/q/openapi")
                .then().statusCode(200)
                .body("paths.'/api/v1/payments'.post.summary", notNullValue())
                .body("paths.'/api/v1/accounts/{id}'.get.summary", notNullValue());
    }

    @Test
    void exposesBusinessDownstreamAndFaultToleranceMetrics() throws Exception {
        UUID account = UUID.randomUUID();
        UUID payment = UUID.randomUUID();
        wireMock.stubFor(post("/accounts").willReturn(json(201, Docs.account(account, "ACTIVE", "EUR"))));
        wireMock.stubFor(post("/balances").willReturn(json(201, Docs.balance(account, 100, 0, List.of()))));
        wireMock.stubFor(post("/audit-events").willReturn(json(201, Docs.audit(account, "ACCOUNT_CREATED"))));
        wireMock.stubFor(get("/accounts/" + account).willReturn(json(200, Docs.account(account, "ACTIVE", "EUR"))));
        wireMock.stubFor(get("/balances/" + account).willReturn(json(200, Docs.balance(account, 100, 0, List.of()))));
        wireMock.stubFor(post("/payments").willReturn(json(201, Docs.payment(payment, account, 10))));
        wireMock.stubFor(put("/balances/" + account).willReturn(json(500, Docs.problem(500, "boom"))));

        given().contentType("application/json").body("""
                {"id":"%s","owner":"Ada","currency":"EUR","initialBalanceMinor":100}""".formatted(account))
                .when().post("/api/v1/accounts").then().statusCode(201);
        given().when().get("/api/v1/accounts/" + account).then().statusCode(200);
        given().contentType("application/json").body("""
                {"id":"%s","accountId":"%s","amountMinor":10,"currency":"EUR","reference":"r"}"""
                .formatted(payment, account))
                .when().post("/api/v1/payments").then().statusCode(503);

        String scrape = given().when().get(metrics).then().statusCode(200).extract().asString();
        for (String expected : List.of(
                "sut_business_operation_seconds_bucket{",
                "operation=\"create_account\",outcome=\"success\"",
                "operation=\"make_payment\",outcome=\"partial_failure\"",
                "sut_downstream_call_seconds_bucket{",
                "call=\"replace\",dependency=\"balances\",",
                "sut_transaction_partial_total{operation=\"read_payment\"} 0.0",
                "ft_circuitbreaker_state_current",
                "http_server_requests_seconds_count",
                "jvm_memory_used_bytes")) {
            assertTrue(scrape.contains(expected), "the scrape lacks " + expected);
        }
        assertTrue(Pattern.compile("(?m)^sut_transaction_partial_total\\{operation=\"make_payment\"} [1-9]")
                .matcher(scrape).find(), "the partial payment is counted");
        Path file = Path.of("target", "metrics-scrape.prom");
        Files.writeString(file, scrape);
    }
}
