package io.refsut.audit.rest;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import io.refsut.audit.store.AuditEvent;
import io.refsut.audit.store.AuditStore;
import io.refsut.common.mongo.DocumentResource;
import io.refsut.common.mongo.Timestamps;
import io.smallrye.mutiny.Uni;

/**
 * Audit events: insert and find (GET /audit-events/{id}, from {@link DocumentResource}) only; an audit trail is
 * never rewritten.
 */
@Path("/audit-events")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class AuditEventResource extends DocumentResource<AuditEvent> {

    public AuditEventResource(AuditStore store) {
        super(store, "/audit-events");
    }

    @POST
    public Uni<Response> create(@NotNull @Valid AuditEventRequest request) {
        return insert(request.id(), id -> new AuditEvent(id, request.type(), request.subjectId(), request.requestId(),
                request.details(), Timestamps.now()));
    }
}
