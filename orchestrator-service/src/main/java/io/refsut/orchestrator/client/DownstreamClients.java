package io.refsut.orchestrator.client;

import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import org.eclipse.microprofile.config.Config;
import org.jboss.resteasy.reactive.client.api.QuarkusRestClientProperties;

import io.quarkus.logging.Log;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import io.refsut.orchestrator.config.OrchestratorConfig;
import io.refsut.orchestrator.config.OrchestratorConfig.DownstreamSettings;

/**
 * The REST clients of the four data services, as the orchestrator's services inject them: each one an
 * {@link LoopLocal#proxy} over a client per Vert.x event loop, so that a call goes out and comes back on the event
 * loop that makes it. Each client takes its URL from {@code quarkus.rest-client.<dependency>.url} (env
 * {@code QUARKUS_REST_CLIENT_ACCOUNTS_URL} …) and its connection values from {@code sut.downstream.<dependency>.*}:
 * up to {@code connection-pool-size} connections per event loop, {@code connect-timeout-ms}, {@code read-timeout-ms}.
 */
@Singleton
public class DownstreamClients {

    private final Config config;
    private final OrchestratorConfig orchestrator;
    private final List<LoopLocal<?>> made = new CopyOnWriteArrayList<>();

    public DownstreamClients(Config config, OrchestratorConfig orchestrator) {
        this.config = config;
        this.orchestrator = orchestrator;
    }

    @Produces
    @Singleton
    AccountsRestClient accounts() {
        return clients(AccountsRestClient.class, Dependency.ACCOUNTS);
    }

    @Produces
    @Singleton
    PaymentsRestClient payments() {
        return clients(PaymentsRestClient.class, Dependency.PAYMENTS);
    }

    @Produces
    @Singleton
    BalancesRestClient balances() {
        return clients(BalancesRestClient.class, Dependency.BALANCES);
    }

    @Produces
    @Singleton
    AuditRestClient audit() {
        return clients(AuditRestClient.class, Dependency.AUDIT);
    }

    private <T> T clients(Class<T> type, Dependency dependency) {
        DownstreamSettings values = orchestrator.downstream(dependency.label());
        URI url = URI.create(config.getValue("quarkus.rest-client." + dependency.label() + ".url", String.class));
        LoopLocal<T> clients = new LoopLocal<>(() -> QuarkusRestClientBuilder.newBuilder()
                .baseUri(url)
                .connectTimeout(values.connectTimeoutMs(), TimeUnit.MILLISECONDS)
                .readTimeout(values.readTimeoutMs(), TimeUnit.MILLISECONDS)
                .property(QuarkusRestClientProperties.CONNECTION_POOL_SIZE, values.connectionPoolSize())
                .property(QuarkusRestClientProperties.NAME, dependency.label())
                .build(type));
        made.add(clients);
        return LoopLocal.proxy(type, clients);
    }

    @PreDestroy
    void close() {
        made.forEach(clients -> clients.close(DownstreamClients::close));
    }

    private static void close(Object client) {
        if (client instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                Log.debugf(e, "closing a REST client");
            }
        }
    }
}
