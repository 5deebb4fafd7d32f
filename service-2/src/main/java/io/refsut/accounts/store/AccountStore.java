package io.refsut.accounts.store;

import jakarta.inject.Singleton;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.mongodb.reactive.ReactiveMongoClient;
import io.refsut.common.mongo.DocumentStore;

/** The {@code accounts} collection. */
@Singleton
public class AccountStore extends DocumentStore<Account> {

    public AccountStore(ReactiveMongoClient client, MeterRegistry registry,
            @ConfigProperty(name = "quarkus.mongodb.database") String database) {
        super(client, registry, database, "accounts", Account.class, "account");
    }
}
