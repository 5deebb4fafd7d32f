package io.refsut.payments.store;

import jakarta.inject.Singleton;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.mongodb.reactive.ReactiveMongoClient;
import io.refsut.common.mongo.DocumentStore;

/** The {@code payments} collection. */
@Singleton
public class PaymentStore extends DocumentStore<Payment> {

    public PaymentStore(ReactiveMongoClient client, MeterRegistry registry,
            @ConfigProperty(name = "quarkus.mongodb.database") String database) {
        super(client, registry, database, "payments", Payment.class, "payment");
    }
}
