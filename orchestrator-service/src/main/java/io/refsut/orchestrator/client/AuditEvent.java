package io.refsut.orchestrator.client;

import java.time.Instant;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** An audit event as service-5 returns it. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record AuditEvent(UUID id, String type, UUID subjectId, String requestId, String details, Instant occurredAt) {
}
