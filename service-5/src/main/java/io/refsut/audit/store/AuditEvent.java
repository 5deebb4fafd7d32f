package io.refsut.audit.store;

import java.time.Instant;
import java.util.UUID;

import org.bson.codecs.pojo.annotations.BsonId;

/** An audit event of the {@code audit_events} collection, also the API's response body; never replaced. */
public record AuditEvent(@BsonId UUID id, AuditType type, UUID subjectId, String requestId, String details,
        Instant occurredAt) {
}
