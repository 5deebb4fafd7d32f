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

/** HTTP contract of service-2 `/accounts`. */
@RegisterRestClient(configKey = "accounts")
@Path("/accounts")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface AccountsRestClient {

    @GET
    @Path("/{id}")
    Uni<Account> find(@PathParam("id") UUID id, @BeanParam CallContext context);

    @POST
    Uni<Account> insert(AccountWrite body, @BeanParam CallContext context);

    @PUT
    @Path("/{id}")
    Uni<Account> replace(@PathParam("id") UUID id, AccountWrite body, @BeanParam CallContext context);
}
