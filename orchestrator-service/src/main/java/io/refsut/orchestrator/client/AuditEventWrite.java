package io.refsut.orchestrator.client;

import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonInclude;

/** Body of service-5 POST {@code /audit-events}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AuditEventWrite(String type, UUID subjectId, String requestId, String details) {
}
