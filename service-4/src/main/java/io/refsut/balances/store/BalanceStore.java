package io.refsut.balances.store;

import jakarta.inject.Singleton;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.mongodb.reactive.ReactiveMongoClient;
import io.refsut.common.mongo.DocumentStore;

/** The {@code balances} collection. */
@Singleton
public class BalanceStore extends DocumentStore<Balance> {

    public BalanceStore(ReactiveMongoClient client, MeterRegistry registry,
            @ConfigProperty(name = "quarkus.mongodb.database") String database) {
        super(client, registry, database, "balances", Balance.class, "balance");
    }
}
