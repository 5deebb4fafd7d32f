package io.refsut.orchestrator.client;

import java.util.List;
import java.util.UUID;

import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
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
 * HTTP contract of service-3 `/payments`: find, insert, replace ({@link DocumentsRestClient}),
 * with bodies {@link PaymentWrite} for insert and replace; the status change conditional on the stored status and
 * the list of pending payments (recovery sweep).
 */
@Path("/payments")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface PaymentsRestClient extends DocumentsRestClient<Payment> {

    /** Replace conditional on the stored status ({@code ifStatus}): 409 when the payment is in another state. */
    @PUT
    @Path("/{id}")
    Uni<Payment> replaceIf(@PathParam("id") UUID id, @QueryParam("ifStatus") String ifStatus, PaymentWrite body,
            @BeanParam CallContext context);

    /** Payments in {@code status} created before {@code createdBefore} (ISO-8601), oldest first, at most limit. */
    @GET
    Uni<List<Payment>> list(@QueryParam("status") String status, @QueryParam("createdBefore") String createdBefore,
            @QueryParam("limit") int limit, @BeanParam CallContext context);

    /** The payments found among the ids (at most {@link IdList#MAX_IDS}), in one query: the public lookup. */
    @POST
    @Path("/lookup")
    Uni<DocumentList<Payment>> lookup(IdList body, @BeanParam CallContext context);
}
