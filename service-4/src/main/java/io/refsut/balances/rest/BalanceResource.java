package io.refsut.balances.rest;

import java.util.List;
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

import io.refsut.balances.store.Balance;
import io.refsut.balances.store.BalanceStore;
import io.refsut.common.mongo.DocumentResource;
import io.refsut.common.mongo.Timestamps;
import io.refsut.common.web.Ids;
import io.refsut.common.web.ProblemException;
import io.smallrye.mutiny.Uni;

/**
 * Balances: find (GET /balances/{id}, from {@link DocumentResource}), insert, and replace conditional on the version
 * the client read (optimistic concurrency), and the conditional delete that compensates a half-made account
 * creation.
 */
@Path("/balances")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class BalanceResource extends DocumentResource<Balance> {

    private final BalanceStore store;

    public BalanceResource(BalanceStore store) {
        super(store, "/balances");
        this.store = store;
    }

    @POST
    public Uni<Response> create(@NotNull @Valid BalanceCreateRequest request) {
        return insert(request.id(), id -> new Balance(id, request.currency(), request.availableMinor(), 0,
                applied(request.appliedPayments()), request.note(), Timestamps.now()));
    }

    @PUT
    @Path("/{id}")
    public Uni<Balance> replace(@PathParam("id") String pathId, @NotNull @Valid BalanceReplaceRequest request) {
        UUID id = replaceId(pathId, request.id());
        long read = request.version();
        Balance next = new Balance(id, request.currency(), request.availableMinor(), read + 1,
                applied(request.appliedPayments()), request.note(), Timestamps.now());
        return store.replace(id, Filters.eq("version", read), next).flatMap(matched -> matched
                ? Uni.createFrom().item(next)
                : store.get(id).map(current -> {
                    throw ProblemException.conflict("version-conflict", "balance " + id + " is at version "
                            + current.version() + ", not " + read + "; read it again and retry");
                }));
    }

    /**
     * Deletes the balance, only while it is still at version {@code ifVersion} (required; 0: never debited): the
     * compensation of an account creation whose account insert failed. 204; 400 without {@code ifVersion}; 404
     * absent; 409 at another version.
     */
    @DELETE
    @Path("/{id}")
    public Uni<Response> delete(@PathParam("id") String pathId, @QueryParam("ifVersion") Long ifVersion) {
        UUID id = Ids.parse("id", pathId);
        if (ifVersion == null || ifVersion < 0) {
            throw ProblemException.badRequest("ifVersion", "a delete names the version it expects (0 or more)");
        }
        long version = ifVersion;
        return store.delete(id, Filters.eq("version", version)).flatMap(deleted -> deleted
                ? Uni.createFrom().item(Response.noContent().build())
                : store.get(id).map(current -> {
                    throw ProblemException.conflict("version-conflict", "balance " + id + " is at version "
                            + current.version() + ", not " + version + "; not deleted");
                }));
    }

    private static List<UUID> applied(List<UUID> appliedPayments) {
        return appliedPayments == null ? List.of() : appliedPayments;
    }
}
