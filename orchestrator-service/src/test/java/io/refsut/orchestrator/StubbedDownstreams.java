package io.refsut.orchestrator;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.hasEntry;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import jakarta.inject.Inject;

import org.hamcrest.Matcher;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;

import io.refsut.orchestrator.service.UnsettledPayments;
import io.restassured.response.ValidatableResponse;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;

/**
 * A test of the orchestrator against one WireMock server standing in for the four data services
 * ({@link WireMockDownstreams}): the application is warmed once, and every test starts with no stubs, an empty
 * request journal, closed breakers and no unsettled payment remembered.
 */
abstract class StubbedDownstreams {

    @InjectWireMock
    WireMockServer wireMock;

    @Inject
    CircuitBreakerMaintenance breakers;

    @Inject
    UnsettledPayments unsettledPayments;

    @BeforeEach
    void resetStubs() {
        Warmup.once(wireMock);
        wireMock.resetAll();
        unsettledPayments.clear();
    }

    @AfterEach
    void resetBreakers() {
        breakers.resetAll();
    }

    /** Method and path of every request the data services received, oldest first. */
    List<String> calls() {
        return calls(wireMock);
    }

    /** Method and path of every request {@code wireMock} saw, oldest first. */
    static List<String> calls(WireMockServer wireMock) {
        List<String> calls = new ArrayList<>(wireMock.getAllServeEvents().stream()
                .map(e -> e.getRequest().getMethod() + " " + e.getRequest().getUrl())
                .toList());
        Collections.reverse(calls);
        return calls;
    }

    /** POSTs {@code json} to the public API at {@code path}; the response, to check. */
    static ValidatableResponse postJson(String path, String json) {
        return given().contentType("application/json").body(json).when().post(path).then();
    }

    /** Matches one write a problem lists in {@code partial} or {@code compensated}: its dependency and operation. */
    @SuppressWarnings({ "unchecked", "rawtypes" })
    static Matcher<Object> write(String dependency, String operation) {
        return (Matcher) allOf(hasEntry("dependency", dependency), hasEntry("operation", operation));
    }

    /** A stubbed answer with this status and JSON body (a problem for 4xx and 5xx). */
    static ResponseDefinitionBuilder json(int status, String body) {
        return aResponse().withStatus(status).withHeader("Content-Type",
                status >= 400 ? "application/problem+json" : "application/json").withBody(body);
    }
}
