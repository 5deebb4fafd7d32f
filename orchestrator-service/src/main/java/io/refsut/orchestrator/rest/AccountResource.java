package io.refsut.orchestrator.rest;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.refsut.common.web.Created;
import io.refsut.common.web.IdList;
import io.refsut.common.web.Ids;
import io.refsut.orchestrator.client.CallContext;
import io.refsut.orchestrator.service.Lookup;
import io.refsut.orchestrator.service.Lookups;
import io.refsut.orchestrator.service.AccountService;
import io.refsut.orchestrator.service.AccountUpdate;
import io.refsut.orchestrator.service.AccountView;
import io.refsut.orchestrator.service.NewAccount;
import io.refsut.orchestrator.service.UpdatedAccount;
import io.smallrye.mutiny.Uni;

/** Public account operations. */
@Path(AccountResource.PATH)
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "accounts")
public class AccountResource {

    static final String PATH = "/api/v1/accounts";

    private final AccountService service;
    private final Lookups lookups;

    public AccountResource(AccountService service, Lookups lookups) {
        this.service = service;
        this.lookups = lookups;
    }

    @POST
    @Operation(summary = "Create an account with its initial balance (s2 insert ∥ s4 insert → s5 audit)")
    public Uni<Response> create(@NotNull @Valid NewAccount request, @BeanParam CallContext context) {
        return service.create(request, context).map(view -> Created.at(PATH, view.account().id(), view));
    }

    @GET
    @Path("/{id}")
    @Operation(summary = "Read an account and its balance (s2 find ∥ s4 find)")
    public Uni<AccountView> read(@PathParam("id") String id, @BeanParam CallContext context) {
        return service.read(Ids.parse("id", id), context);
    }

    @PUT
    @Path("/{id}")
    @Operation(summary = "Replace an account's owner, status and note (s2 find → s2 replace → s5 audit)")
    public Uni<UpdatedAccount> update(@PathParam("id") String id, @NotNull @Valid AccountUpdate request,
            @BeanParam CallContext context) {
        return service.update(Ids.parse("id", id), request, context);
    }

    @POST
    @Path("/lookup")
    @Operation(summary = "Read up to 100 accounts with their balances in one request (s2 lookup ∥ s4 lookup): the load test's "
            + "read-back after a run, not part of the measured workload")
    public Uni<Lookup<AccountView>> lookup(@NotNull @Valid IdList request, @BeanParam CallContext context) {
        return lookups.accounts(request, context);
    }
}
