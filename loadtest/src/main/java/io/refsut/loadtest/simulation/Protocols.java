package io.refsut.loadtest.simulation;

import static io.gatling.javaapi.http.HttpDsl.http;

import io.gatling.javaapi.http.HttpProtocolBuilder;

/** The HTTP protocol both phases use. */
final class Protocols {

    private Protocols() {
    }

    /** JSON over the orchestrator's public API; the connection mode decides whether virtual users share a pool. */
    static HttpProtocolBuilder http(SimulationParameters parameters) {
        HttpProtocolBuilder protocol = http.baseUrl(parameters.target())
                .acceptHeader("application/json")
                .contentTypeHeader("application/json")
                .userAgentHeader("refsut-loadtest")
                .disableWarmUp();
        return parameters.connectionMode() == SimulationParameters.ConnectionMode.SHARED
                ? protocol.shareConnections()
                : protocol;
    }
}
