package io.refsut.orchestrator.client;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * HTTP contract of service-3 `/payments`: find, insert, replace ({@link DocumentsRestClient}),
 * with bodies {@link PaymentWrite} for insert and replace.
 */
@RegisterRestClient(configKey = "payments")
@Path("/payments")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface PaymentsRestClient extends DocumentsRestClient<Payment> {
}
