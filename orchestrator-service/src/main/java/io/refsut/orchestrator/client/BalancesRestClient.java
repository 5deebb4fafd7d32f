package io.refsut.orchestrator.client;

import java.util.UUID;

import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import io.smallrye.mutiny.Uni;

/** HTTP contract of service-4 `/balances`. */
@RegisterRestClient(configKey = "balances")
@Path("/balances")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface BalancesRestClient {

    @GET
    @Path("/{id}")
    Uni<Balance> find(@PathParam("id") UUID id, @BeanParam CallContext context);

    @POST
    Uni<Balance> insert(BalanceCreate body, @BeanParam CallContext context);

    @PUT
    @Path("/{id}")
    Uni<Balance> replace(@PathParam("id") UUID id, BalanceReplace body, @BeanParam CallContext context);
}
