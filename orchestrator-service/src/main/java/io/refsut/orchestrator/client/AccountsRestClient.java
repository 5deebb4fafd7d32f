package io.refsut.orchestrator.client;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * HTTP contract of service-2 `/accounts`: find, insert, replace ({@link DocumentsRestClient}),
 * with bodies {@link AccountWrite} for insert and replace.
 */
@RegisterRestClient(configKey = "accounts")
@Path("/accounts")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface AccountsRestClient extends DocumentsRestClient<Account> {
}
