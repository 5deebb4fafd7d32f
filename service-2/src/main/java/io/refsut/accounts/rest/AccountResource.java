package io.refsut.accounts.rest;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.UUID;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import com.mongodb.client.model.Filters;

import io.refsut.accounts.store.Account;
import io.refsut.accounts.store.AccountStore;
import io.refsut.common.mongo.DocumentResource;
import io.refsut.common.mongo.Timestamps;
import io.refsut.common.web.Ids;
import io.refsut.common.web.ProblemException;
import io.smallrye.mutiny.Uni;

/**
 * Accounts: find (GET /accounts/{id}, from {@link DocumentResource}), insert and replace single account documents,
 * and the conditional delete that compensates a half-made account creation.
 */
@Path("/accounts")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class AccountResource extends DocumentResource<Account> {

    private final AccountStore store;

    public AccountResource(AccountStore store) {
        super(store, "/accounts");
        this.store = store;
    }

    @POST
    public Uni<Response> create(@NotNull @Valid AccountRequest request) {
        Instant now = Timestamps.now();
        return insert(request.id(), id -> new Account(id, request.owner(), request.currency(), request.status(),
                request.note(), now, now));
    }

    @PUT
    @Path("/{id}")
    public Uni<Account> replace(@PathParam("id") String pathId, @QueryParam("ifUpdatedAt") String ifUpdatedAt,
            @NotNull @Valid AccountRequest request) {
        UUID id = replaceId(pathId, request.id());
        if (ifUpdatedAt != null) {
            // the compensation of an update whose audit failed: only while nobody replaced the account since
            Instant updated = instant("ifUpdatedAt", ifUpdatedAt);
            return store.keptCreatedAt(id, request.createdAt(), Account::createdAt).flatMap(created -> {
                Account account = new Account(id, request.owner(), request.currency(), request.status(),
                        request.note(), created, Timestamps.now());
                return store.replace(id, Filters.eq("updatedAt", updated), account).flatMap(matched -> matched
                        ? Uni.createFrom().item(account)
                        : store.get(id).map(current -> {
                            throw ProblemException.conflict("updated-at-conflict", "account " + id
                                    + " was updated at " + current.updatedAt() + ", not " + updated);
                        }));
            });
        }
        return replaceKeepingCreatedAt(id, request.createdAt(), Account::createdAt, created -> new Account(id,
                request.owner(), request.currency(), request.status(), request.note(), created, Timestamps.now()));
    }

    private static Instant instant(String field, String value) {
        try {
            return Instant.parse(value == null ? "" : value);
        } catch (DateTimeParseException e) {
            throw ProblemException.badRequest(field, "must be an ISO-8601 instant (the account's own, as read)");
        }
    }

    /**
     * Deletes the account created at {@code ifCreatedAt} (required, ISO-8601): the compensation of an account creation
     * whose balance insert failed, which deletes only the document it inserted. 204; 400 without {@code ifCreatedAt};
     * 404 absent; 409 created at another time.
     */
    @DELETE
    @Path("/{id}")
    public Uni<Response> delete(@PathParam("id") String pathId, @QueryParam("ifCreatedAt") String ifCreatedAt) {
        UUID id = Ids.parse("id", pathId);
        Instant created = instant("ifCreatedAt", ifCreatedAt);
        return store.delete(id, Filters.eq("createdAt", created)).flatMap(deleted -> deleted
                ? Uni.createFrom().item(Response.noContent().build())
                : store.get(id).map(current -> {
                    throw ProblemException.conflict("created-at-conflict", "account " + id + " was created at "
                            + current.createdAt() + ", not " + created + "; not deleted");
                }));
    }
}
