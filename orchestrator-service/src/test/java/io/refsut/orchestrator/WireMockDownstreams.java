package io.refsut.orchestrator;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import java.util.Map;

import com.github.tomakehurst.wiremock.WireMockServer;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * One WireMock server on a free loopback port standing in for all four data services (their paths do not overlap),
 * so the order of every downstream call is visible in one request journal.
 */
public class WireMockDownstreams implements QuarkusTestResourceLifecycleManager {

    private WireMockServer server;

    @Override
    public Map<String, String> start() {
        server = new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort().containerThreads(40)
                .asynchronousResponseEnabled(true));
        server.start();
        String url = "http://127.0.0.1:" + server.port();
        return Map.of(
                "quarkus.rest-client.accounts.url", url,
                "quarkus.rest-client.payments.url", url,
                "quarkus.rest-client.balances.url", url,
                "quarkus.rest-client.audit.url", url);
    }

    @Override
    public void inject(TestInjector injector) {
        injector.injectIntoFields(server,
                new TestInjector.AnnotatedAndMatchesType(InjectWireMock.class, WireMockServer.class));
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop();
        }
    }
}
