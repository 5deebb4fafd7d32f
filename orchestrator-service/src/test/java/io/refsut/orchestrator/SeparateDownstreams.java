package io.refsut.orchestrator;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * One WireMock server per data service, each on its own free loopback port, so a test can stop one of them and
 * the orchestrator meets a refused connection there while the others answer.
 */
public class SeparateDownstreams implements QuarkusTestResourceLifecycleManager {

    private static final Map<Failures, WireMockServer> SERVERS = new EnumMap<>(Failures.class);
    private static final Map<Failures, Integer> PORTS = new EnumMap<>(Failures.class);

    @Override
    public Map<String, String> start() {
        Map<String, String> config = new HashMap<>();
        for (Failures dependency : Failures.values()) {
            WireMockServer server = new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort());
            server.start();
            SERVERS.put(dependency, server);
            PORTS.put(dependency, server.port());
            config.put("quarkus.rest-client." + dependency.dependency + ".url", "http://127.0.0.1:" + server.port());
        }
        return config;
    }

    /** The running server standing in for {@code dependency}. */
    static WireMockServer server(Failures dependency) {
        return SERVERS.get(dependency);
    }

    /** Starts a fresh server on the port of {@code dependency}'s stopped one. */
    static void restart(Failures dependency) {
        WireMockServer server = new WireMockServer(options().bindAddress("127.0.0.1")
                .port(PORTS.get(dependency)));
        server.start();
        SERVERS.put(dependency, server);
    }

    @Override
    public void stop() {
        SERVERS.values().forEach(WireMockServer::stop);
        SERVERS.clear();
    }
}
