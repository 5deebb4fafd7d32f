package io.refsut.audit.rest;

import java.util.UUID;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import io.refsut.audit.store.AuditType;

/** Body of POST {@code /audit-events}; {@code id} is optional (generated when absent), the time is the service's. */
public record AuditEventRequest(
        UUID id,
        @NotNull AuditType type,
        @NotNull UUID subjectId,
        @Size(max = 100) String requestId,
        @Size(max = 1000) String details) {
}
