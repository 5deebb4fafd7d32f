package io.refsut.orchestrator.rest;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import io.refsut.common.web.Created;
import io.refsut.common.web.IdList;
import io.refsut.common.web.Ids;
import io.refsut.orchestrator.client.CallContext;
import io.refsut.orchestrator.service.NewPayment;
import io.refsut.orchestrator.service.Lookup;
import io.refsut.orchestrator.service.Lookups;
import io.refsut.orchestrator.service.PaymentService;
import io.refsut.orchestrator.service.PaymentView;
import io.smallrye.mutiny.Uni;

/** Public payment operations. */
@Path(PaymentResource.PATH)
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "payments")
public class PaymentResource {

    static final String PATH = "/api/v1/payments";

    private final PaymentService service;
    private final Lookups lookups;

    public PaymentResource(PaymentService service, Lookups lookups) {
        this.service = service;
        this.lookups = lookups;
    }

    @POST
    @Operation(summary = "Pay from an ACTIVE account (s2 find → (s3 insert PENDING ∥ s4 find+replace) → s5 audit "
            + "→ s3 replace COMPLETED)")
    public Uni<Response> make(@NotNull @Valid NewPayment request, @BeanParam CallContext context) {
        return service.make(request, context).map(made -> Created.at(PATH, made.payment().id(), made));
    }

    @GET
    @Path("/{id}")
    @Operation(summary = "Read a payment and its account (s3 find → s2 find)")
    public Uni<PaymentView> read(@PathParam("id") String id, @BeanParam CallContext context) {
        return service.read(Ids.parse("id", id), context);
    }

    @POST
    @Path("/lookup")
    @Operation(summary = "Read up to 100 payments with their accounts in one request (s3 lookup → s2 lookup): the load test's "
            + "read-back after a run, not part of the measured workload")
    public Uni<Lookup<PaymentView>> lookup(@NotNull @Valid IdList request, @BeanParam CallContext context) {
        return lookups.payments(request, context);
    }
}
