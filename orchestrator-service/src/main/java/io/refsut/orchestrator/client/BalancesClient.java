package io.refsut.orchestrator.client;

import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.Bulkhead;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.rest.client.inject.RestClient;

import io.smallrye.faulttolerance.api.AsynchronousNonBlocking;
import io.smallrye.faulttolerance.api.CircuitBreakerName;
import io.smallrye.mutiny.Uni;

/**
 * Calls service-4 with the fault-tolerance policy for balances: timeout, circuit breaker and bulkhead on every call
 * (values here are defaults, overridden per class in application.properties); finds are also retried.
 */
@ApplicationScoped
@AsynchronousNonBlocking
@Timeout(1000)
@CircuitBreaker(requestVolumeThreshold = 20, failureRatio = 0.5, delay = 5000, successThreshold = 2,
        skipOn = DownstreamRejectedException.class)
@Bulkhead(value = 100, waitingTaskQueue = 100)
public class BalancesClient {

    private final BalancesRestClient rest;

    public BalancesClient(@RestClient BalancesRestClient rest) {
        this.rest = rest;
    }

    /**
     * GET /balances/{id}; empty when the service answers 404. Retried after a refused connection or a 5xx,
     * not after a timeout (more load does not help a slow database).
     */
    @Retry(maxRetries = 2, delay = 20, jitter = 10, retryOn = DownstreamFailureException.class)
    @CircuitBreakerName("balances-find")
    public Uni<Optional<Balance>> find(UUID id, CallContext context) {
        return rest.find(id, context.requestId(), context.traceparent())
                .map(Optional::of)
                .onFailure(DownstreamErrors::isNotFound).recoverWithItem(Optional.empty())
                .onFailure().transform(e -> DownstreamErrors.map(Dependency.BALANCES, e));
    }

    /** POST /balances; never retried (see README: a 409 after a retry could be someone else's document). */
    @CircuitBreakerName("balances-insert")
    public Uni<Balance> insert(BalanceCreate body, CallContext context) {
        return rest.insert(body, context.requestId(), context.traceparent())
                .onFailure().transform(e -> DownstreamErrors.map(Dependency.BALANCES, e));
    }

    /** PUT /balances/{id}; never retried here: the caller resolves a version conflict (409) by re-reading. */
    @CircuitBreakerName("balances-replace")
    public Uni<Balance> replace(UUID id, BalanceReplace body, CallContext context) {
        return rest.replace(id, body, context.requestId(), context.traceparent())
                .onFailure().transform(e -> DownstreamErrors.map(Dependency.BALANCES, e));
    }
}
