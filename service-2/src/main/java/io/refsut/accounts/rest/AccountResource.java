package io.refsut.accounts.rest;

import java.time.Instant;
import java.util.UUID;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import io.refsut.accounts.store.Account;
import io.refsut.accounts.store.AccountStore;
import io.refsut.common.mongo.DocumentResource;
import io.refsut.common.mongo.Timestamps;
import io.smallrye.mutiny.Uni;

/** Accounts: find (GET /accounts/{id}, from {@link DocumentResource}), insert and replace single account documents. */
@Path("/accounts")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class AccountResource extends DocumentResource<Account> {

    public AccountResource(AccountStore store) {
        super(store, "/accounts");
    }

    @POST
    public Uni<Response> create(@NotNull @Valid AccountRequest request) {
        Instant now = Timestamps.now();
        return insert(request.id(), id -> new Account(id, request.owner(), request.currency(), request.status(),
                request.note(), now, now));
    }

    @PUT
    @Path("/{id}")
    public Uni<Account> replace(@PathParam("id") String pathId, @NotNull @Valid AccountRequest request) {
        UUID id = replaceId(pathId, request.id());
        return replaceKeepingCreatedAt(id, request.createdAt(), Account::createdAt, created -> new Account(id,
                request.owner(), request.currency(), request.status(), request.note(), created, Timestamps.now()));
    }
}
