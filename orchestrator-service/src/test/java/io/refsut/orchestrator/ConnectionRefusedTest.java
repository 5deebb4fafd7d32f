package io.refsut.orchestrator;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;

/** A data service that is down (connection refused) gives a fast 503 naming it. */
@QuarkusTest
@WithTestResource(SeparateDownstreams.class)
class ConnectionRefusedTest {

    /** Every attempt of a find (1 + 2 retries) within the 2 s test timeout: far less in practice, this is the bound. */
    private static final long BOUND_MS = 3 * 2000;

    @Inject
    CircuitBreakerMaintenance breakers;

    @AfterEach
    void resetBreakers() {
        breakers.resetAll();
    }

    @ParameterizedTest
    @EnumSource(Failures.class)
    void answers503NamingTheDependencyThatRefusesConnections(Failures scenario) {
        UUID id = UUID.randomUUID();
        for (Failures other : Failures.values()) {
            SeparateDownstreams.server(other).resetAll();
            scenario.stubHealthyOthers(SeparateDownstreams.server(other), id);
        }
        // warm the request path while everything answers, so that the measurement below is not JIT time
        scenario.send(given(), id);
        WireMockServer down = SeparateDownstreams.server(scenario);
        down.stop();
        try {
            long start = System.nanoTime();
            Response response = scenario.send(given(), id);
            long elapsedMs = (System.nanoTime() - start) / 1_000_000;

            response.then().statusCode(503)
                    .contentType("application/problem+json")
                    .body("type", equalTo("urn:refsut:problem:dependency-unavailable"))
                    .body("detail", containsString("'" + scenario.dependency + "'"))
                    .body("detail", containsString("connection refused"));
            assertTrue(elapsedMs < BOUND_MS, "a refused connection took " + elapsedMs + " ms to report");
        } finally {
            SeparateDownstreams.restart(scenario);
        }
    }
}
