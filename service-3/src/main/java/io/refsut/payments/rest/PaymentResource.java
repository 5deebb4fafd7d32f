package io.refsut.payments.rest;

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

import io.refsut.common.mongo.DocumentResource;
import io.refsut.common.mongo.Timestamps;
import io.refsut.payments.store.Payment;
import io.refsut.payments.store.PaymentStore;
import io.smallrye.mutiny.Uni;

/** Payments: find (GET /payments/{id}, from {@link DocumentResource}), insert and replace single payment documents. */
@Path("/payments")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class PaymentResource extends DocumentResource<Payment> {

    public PaymentResource(PaymentStore store) {
        super(store, "/payments");
    }

    @POST
    public Uni<Response> create(@NotNull @Valid PaymentRequest request) {
        return insert(request.id(), id -> new Payment(id, request.accountId(), request.amountMinor(),
                request.currency(), request.reference(), request.note(), Timestamps.now()));
    }

    @PUT
    @Path("/{id}")
    public Uni<Payment> replace(@PathParam("id") String pathId, @NotNull @Valid PaymentRequest request) {
        UUID id = replaceId(pathId, request.id());
        return replaceKeepingCreatedAt(id, request.createdAt(), Payment::createdAt, created -> new Payment(id,
                request.accountId(), request.amountMinor(), request.currency(), request.reference(), request.note(),
                created));
    }
}
