package io.refsut.orchestrator.client;

import java.util.UUID;

import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import io.refsut.common.web.DocumentList;
import io.refsut.common.web.IdList;
import io.smallrye.mutiny.Uni;

/**
 * HTTP contract of service-2 `/accounts`: find, insert, replace ({@link DocumentsRestClient}),
 * with bodies {@link AccountWrite} for insert and replace, and the delete that compensates a half-made account.
 */
@Path("/accounts")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface AccountsRestClient extends DocumentsRestClient<Account> {

    /** Replace only while the account's {@code updatedAt} is still {@code ifUpdatedAt} (compensation of an update). */
    @PUT
    @Path("/{id}")
    Uni<Account> replaceIf(@PathParam("id") UUID id, @QueryParam("ifUpdatedAt") String ifUpdatedAt, AccountWrite body,
            @BeanParam CallContext context);

    /** Delete the account created at {@code ifCreatedAt} (compensation of an account creation). */
    @DELETE
    @Path("/{id}")
    Uni<Void> delete(@PathParam("id") UUID id, @QueryParam("ifCreatedAt") String ifCreatedAt,
            @BeanParam CallContext context);

    /** The accounts found among the ids (at most {@link IdList#MAX_IDS}), in one query: the public lookup. */
    @POST
    @Path("/lookup")
    Uni<DocumentList<Account>> lookup(IdList body, @BeanParam CallContext context);
}
