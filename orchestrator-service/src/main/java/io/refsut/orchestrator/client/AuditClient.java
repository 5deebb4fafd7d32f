package io.refsut.orchestrator.client;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.Bulkhead;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.rest.client.inject.RestClient;

import io.smallrye.faulttolerance.api.AsynchronousNonBlocking;
import io.smallrye.faulttolerance.api.CircuitBreakerName;
import io.smallrye.mutiny.Uni;

/**
 * Calls service-5 with the fault-tolerance policy for audit: timeout, circuit breaker and bulkhead on every call
 * (values here are defaults, overridden per class in application.properties).
 */
@ApplicationScoped
@AsynchronousNonBlocking
@Timeout(1000)
@CircuitBreaker(requestVolumeThreshold = 20, failureRatio = 0.5, delay = 5000, successThreshold = 2,
        skipOn = DownstreamRejectedException.class)
@Bulkhead(value = 100, waitingTaskQueue = 100)
public class AuditClient {

    private final AuditRestClient rest;

    public AuditClient(@RestClient AuditRestClient rest) {
        this.rest = rest;
    }

    /** POST /audit-events; never retried (see README: a 409 after a retry could be someone else's document). */
    @CircuitBreakerName("audit-insert")
    public Uni<AuditEvent> insert(AuditEventWrite body, CallContext context) {
        return rest.insert(body, context.requestId(), context.traceparent())
                .onFailure().transform(e -> DownstreamErrors.map(Dependency.AUDIT, e));
    }
}
