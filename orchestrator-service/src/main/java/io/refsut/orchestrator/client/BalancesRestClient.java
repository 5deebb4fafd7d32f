package io.refsut.orchestrator.client;

import java.util.UUID;

import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import io.refsut.common.web.DocumentList;
import io.refsut.common.web.IdList;
import io.smallrye.mutiny.Uni;

/**
 * HTTP contract of service-4 `/balances`: find, insert, replace ({@link DocumentsRestClient}),
 * with bodies {@link BalanceCreate} for insert, {@link BalanceReplace} for replace, and the delete that compensates
 * a half-made account.
 */
@Path("/balances")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface BalancesRestClient extends DocumentsRestClient<Balance> {

    /** Delete while still at {@code ifVersion} (compensation of an account creation). */
    @DELETE
    @Path("/{id}")
    Uni<Void> delete(@PathParam("id") UUID id, @QueryParam("ifVersion") long ifVersion, @BeanParam CallContext context);

    /** The balances found among the ids (at most {@link IdList#MAX_IDS}), in one query: the public lookup. */
    @POST
    @Path("/lookup")
    Uni<DocumentList<Balance>> lookup(IdList body, @BeanParam CallContext context);
}
