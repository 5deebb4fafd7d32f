package io.refsut.orchestrator.client;

import java.util.UUID;

import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import io.smallrye.mutiny.Uni;

/** HTTP contract of service-3 `/payments`. */
@RegisterRestClient(configKey = "payments")
@Path("/payments")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface PaymentsRestClient {

    @GET
    @Path("/{id}")
    Uni<Payment> find(@PathParam("id") UUID id, @BeanParam CallContext context);

    @POST
    Uni<Payment> insert(PaymentWrite body, @BeanParam CallContext context);
}
