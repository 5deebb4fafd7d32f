package io.refsut.orchestrator.service;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import io.refsut.orchestrator.client.AuditEventWrite;
import io.refsut.orchestrator.client.AuditRestClient;
import io.refsut.orchestrator.client.CallContext;
import io.refsut.orchestrator.client.Dependency;
import io.refsut.orchestrator.client.DownstreamCalls;
import io.smallrye.mutiny.Uni;

/** The last step of every write transaction: one audit event in service-5. */
@ApplicationScoped
public class AuditTrail {

    private final AuditRestClient audit;
    private final DownstreamCalls calls;

    public AuditTrail(AuditRestClient audit, DownstreamCalls calls) {
        this.audit = audit;
        this.calls = calls;
    }

    /** Inserts the event; a failure is reported as partial, listing {@code written}. */
    public Uni<Void> record(String type, UUID subject, String details, CallContext context, List<Written> written) {
        return calls.insert(Dependency.AUDIT, () -> audit.insert(
                new AuditEventWrite(type, subject, context.getRequestId(), details), context))
                .onFailure().transform(e -> TransactionFailure.of(e, written))
                .replaceWithVoid();
    }
}
