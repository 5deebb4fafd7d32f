package io.refsut.payments.rest;

import java.net.URI;
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

import io.refsut.common.web.Ids;
import io.refsut.common.mongo.Timestamps;
import io.refsut.payments.store.Payment;
import io.refsut.payments.store.PaymentStore;
import io.smallrye.mutiny.Uni;

/** Payments: find, insert and replace single payment documents. */
@Path("/payments")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class PaymentResource {

    private final PaymentStore store;

    public PaymentResource(PaymentStore store) {
        this.store = store;
    }

    @GET
    @Path("/{id}")
    public Uni<Payment> get(@PathParam("id") String id) {
        return store.get(Ids.parse("id", id));
    }

    @POST
    public Uni<Response> create(@NotNull @Valid PaymentRequest request) {
        UUID id = request.id() != null ? request.id() : UUID.randomUUID();
        Payment payment = new Payment(id, request.accountId(), request.amountMinor(), request.currency(),
                request.reference(), request.note(), Timestamps.now());
        return store.insert(id, payment)
                .map(created -> Response.created(URI.create("/payments/" + id)).entity(created).build());
    }

    @PUT
    @Path("/{id}")
    public Uni<Payment> replace(@PathParam("id") String pathId, @NotNull @Valid PaymentRequest request) {
        UUID id = Ids.parse("id", pathId);
        Ids.requireSameAsPath(request.id(), id);
        return store.keptCreatedAt(id, request.createdAt(), Payment::createdAt).flatMap(created -> {
            Payment payment = new Payment(id, request.accountId(), request.amountMinor(), request.currency(),
                    request.reference(), request.note(), created);
            return store.replaceExisting(id, payment);
        });
    }
}
