package io.refsut.orchestrator.client;

import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import io.smallrye.mutiny.Uni;

/** HTTP contract of service-5 `/audit-events`. */
@Path("/audit-events")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface AuditRestClient {

    @POST
    Uni<AuditEvent> insert(AuditEventWrite body, @BeanParam CallContext context);
}
