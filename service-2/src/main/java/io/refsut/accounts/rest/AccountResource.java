package io.refsut.accounts.rest;

import java.net.URI;
import java.time.Instant;
import java.util.UUID;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import io.refsut.accounts.store.Account;
import io.refsut.accounts.store.AccountStore;
import io.refsut.common.web.Ids;
import io.refsut.common.mongo.Timestamps;
import io.smallrye.mutiny.Uni;

/** Accounts: find, insert and replace single account documents. */
@Path("/accounts")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class AccountResource {

    private final AccountStore store;

    public AccountResource(AccountStore store) {
        this.store = store;
    }

    @GET
    @Path("/{id}")
    public Uni<Account> get(@PathParam("id") String id) {
        return store.get(Ids.parse("id", id));
    }

    @POST
    public Uni<Response> create(@NotNull @Valid AccountRequest request) {
        UUID id = request.id() != null ? request.id() : UUID.randomUUID();
        Instant now = Timestamps.now();
        Account account = new Account(id, request.owner(), request.currency(), request.status(), request.note(), now,
                now);
        return store.insert(id, account)
                .map(created -> Response.created(URI.create("/accounts/" + id)).entity(created).build());
    }

    @PUT
    @Path("/{id}")
    public Uni<Account> replace(@PathParam("id") String pathId, @NotNull @Valid AccountRequest request) {
        UUID id = Ids.parse("id", pathId);
        Ids.requireSameAsPath(request.id(), id);
        return store.keptCreatedAt(id, request.createdAt(), Account::createdAt).flatMap(created -> {
            Account account = new Account(id, request.owner(), request.currency(), request.status(), request.note(),
                    created, Timestamps.now());
            return store.replaceExisting(id, account);
        });
    }
}
