package io.refsut.loadtest.report;

import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;

/** A tiny open-model run against a loopback server: even users read (200), odd users pay (503). */
public class FixtureSimulation extends Simulation {

    static final String BASE_URL = "fixture.baseUrl";
    static final String RATE = "fixture.rate";
    static final String SECONDS = "fixture.seconds";

    {
        HttpProtocolBuilder protocol = http.baseUrl(System.getProperty(BASE_URL)).disableWarmUp().shareConnections();
        ScenarioBuilder run = scenario("run").doIfOrElse(session -> session.userId() % 2 == 0)
                .then(http("read_account").get("/ok").check(status().is(200)))
                .orElse(http("make_payment").get("/fail").check(status().is(201)));
        setUp(run.injectOpen(constantUsersPerSec(Integer.getInteger(RATE)).during(Integer.getInteger(SECONDS))))
                .protocols(protocol);
    }
}
