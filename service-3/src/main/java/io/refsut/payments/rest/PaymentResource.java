package io.refsut.payments.rest;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
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
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Sorts;

import io.refsut.common.mongo.DocumentResource;
import io.refsut.common.mongo.Timestamps;
import io.refsut.common.web.ProblemException;
import io.refsut.payments.store.Payment;
import io.refsut.payments.store.PaymentStore;
import io.smallrye.mutiny.Uni;

/**
 * Payments: find (GET /payments/{id}, from {@link DocumentResource}), insert and replace single payment documents; a
 * replace can be conditional on the stored status ({@code ifStatus}), and the payments of one status created before
 * an instant can be listed a bounded page at a time (the orchestrator's recovery sweep).
 */
@Path("/payments")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class PaymentResource extends DocumentResource<Payment> {

    /** Largest page of {@code GET /payments}. */
    static final int MAX_PAGE = 100;

    private final PaymentStore store;

    public PaymentResource(PaymentStore store) {
        super(store, "/payments");
        this.store = store;
    }

    /** Payments in {@code status} created before {@code createdBefore}, oldest first, at most {@code limit}. */
    @GET
    public Uni<List<Payment>> list(@QueryParam("status") String status,
            @QueryParam("createdBefore") String createdBefore, @QueryParam("limit") Integer limit) {
        if (status == null || !status.matches(PaymentRequest.STATUSES)) {
            throw ProblemException.badRequest("status", "must be PENDING, COMPLETED or CANCELLED");
        }
        Instant before = instant("createdBefore", createdBefore);
        int page = limit == null ? 50 : limit;
        if (page < 1 || page > MAX_PAGE) {
            throw ProblemException.badRequest("limit", "must be between 1 and " + MAX_PAGE);
        }
        return store.findMany(Filters.and(Filters.eq("status", status), Filters.lt("createdAt", before)),
                Sorts.ascending("createdAt"), page);
    }

    @POST
    public Uni<Response> create(@NotNull @Valid PaymentRequest request) {
        return insert(request.id(), id -> new Payment(id, request.accountId(), request.amountMinor(),
                request.currency(), request.reference(), request.note(), request.status(), Timestamps.now()));
    }

    /**
     * Replaces the payment; with {@code ifStatus} only when its stored status is that one (409 {@code status-conflict}
     * otherwise, naming the stored status): a status transition is one conditional replace.
     */
    @PUT
    @Path("/{id}")
    public Uni<Payment> replace(@PathParam("id") String pathId, @QueryParam("ifStatus") String ifStatus,
            @NotNull @Valid PaymentRequest request) {
        UUID id = replaceId(pathId, request.id());
        if (ifStatus == null) {
            return replaceKeepingCreatedAt(id, request.createdAt(), Payment::createdAt, created -> payment(id,
                    request, created));
        }
        if (!ifStatus.matches(PaymentRequest.STATUSES)) {
            throw ProblemException.badRequest("ifStatus", "must be PENDING, COMPLETED or CANCELLED");
        }
        return store.keptCreatedAt(id, request.createdAt(), Payment::createdAt).flatMap(created -> {
            Payment payment = payment(id, request, created);
            return store.replace(id, Filters.eq("status", ifStatus), payment).flatMap(matched -> matched
                    ? Uni.createFrom().item(payment)
                    : store.get(id).map(current -> {
                        throw ProblemException.conflict("status-conflict", "payment " + id + " is "
                                + current.status() + ", not " + ifStatus);
                    }));
        });
    }

    private static Payment payment(UUID id, PaymentRequest request, Instant created) {
        return new Payment(id, request.accountId(), request.amountMinor(), request.currency(), request.reference(),
                request.note(), request.status(), created);
    }

    private static Instant instant(String field, String value) {
        try {
            if (value != null) {
                return Instant.parse(value);
            }
        } catch (DateTimeParseException e) {
            // answered below
        }
        throw ProblemException.badRequest(field, "must be an ISO-8601 instant such as 2026-01-01T00:00:00Z");
    }
}
