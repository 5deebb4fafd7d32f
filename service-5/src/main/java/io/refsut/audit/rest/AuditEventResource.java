package io.refsut.audit.rest;

import java.net.URI;
import java.util.UUID;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import io.refsut.audit.store.AuditEvent;
import io.refsut.audit.store.AuditStore;
import io.refsut.common.web.Ids;
import io.refsut.common.mongo.Timestamps;
import io.smallrye.mutiny.Uni;

/** Audit events: insert and find only; an audit trail is never rewritten. */
@Path("/audit-events")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class AuditEventResource {

    private final AuditStore store;

    public AuditEventResource(AuditStore store) {
        this.store = store;
    }

    @GET
    @Path("/{id}")
    public Uni<AuditEvent> get(@PathParam("id") String id) {
        return store.get(Ids.parse("id", id));
    }

    @POST
    public Uni<Response> create(@NotNull @Valid AuditEventRequest request) {
        UUID id = request.id() != null ? request.id() : UUID.randomUUID();
        AuditEvent event = new AuditEvent(id, request.type(), request.subjectId(), request.requestId(),
                request.details(), Timestamps.now());
        return store.insert(id, event)
                .map(created -> Response.created(URI.create("/audit-events/" + id)).entity(created).build());
    }
}
