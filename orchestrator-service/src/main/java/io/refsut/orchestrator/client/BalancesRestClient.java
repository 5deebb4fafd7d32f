package io.refsut.orchestrator.client;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * HTTP contract of service-4 `/balances`: find, insert, replace ({@link DocumentsRestClient}),
 * with bodies {@link BalanceCreate} for insert, {@link BalanceReplace} for replace.
 */
@RegisterRestClient(configKey = "balances")
@Path("/balances")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface BalancesRestClient extends DocumentsRestClient<Balance> {
}
