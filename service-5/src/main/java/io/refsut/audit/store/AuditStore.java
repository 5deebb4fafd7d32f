package io.refsut.audit.store;

import jakarta.inject.Singleton;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.mongodb.reactive.ReactiveMongoClient;
import io.refsut.common.mongo.DocumentStore;

/** The {@code audit_events} collection. */
@Singleton
public class AuditStore extends DocumentStore<AuditEvent> {

    public AuditStore(ReactiveMongoClient client, MeterRegistry registry,
            @ConfigProperty(name = "quarkus.mongodb.database") String database) {
        super(client, registry, database, "audit_events", AuditEvent.class, "audit event");
    }
}
