package io.refsut.payments.store;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.mongodb.client.model.Filters;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.logging.Log;
import io.quarkus.mongodb.reactive.ReactiveMongoClient;
import io.quarkus.runtime.StartupEvent;
import io.refsut.common.mongo.DocumentStore;

/**
 * The {@code payments} collection. At start it makes sure of a small partial index on {@code (status, createdAt)}
 * over the PENDING payments only, which the orchestrator's recovery sweep queries ({@code GET /payments?status=
 * PENDING&createdBefore=}); without it a sweep on a real MongoDB would scan the whole collection.
 */
@Singleton
public class PaymentStore extends DocumentStore<Payment> {

    /** Name of the sweep's index. */
    static final String PENDING_INDEX = "pending_by_created_at";

    public PaymentStore(ReactiveMongoClient client, MeterRegistry registry,
            @ConfigProperty(name = "quarkus.mongodb.database") String database) {
        super(client, registry, database, "payments", Payment.class, "payment");
    }

    void pendingIndex(@Observes StartupEvent event) {
        createIndex(Indexes.ascending("status", "createdAt"), new IndexOptions().name(PENDING_INDEX)
                .partialFilterExpression(Filters.eq("status", "PENDING")))
                .subscribe().with(name -> Log.debugf("index %s present", name),
                        failure -> Log.warnf("index %s not created (the recovery sweep's query scans instead): %s",
                                PENDING_INDEX, failure.getMessage()));
    }
}
