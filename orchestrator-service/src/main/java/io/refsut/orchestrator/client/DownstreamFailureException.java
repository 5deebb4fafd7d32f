package io.refsut.orchestrator.client;

/** A downstream failed: connection refused or reset, or a 5xx answer. Counts against the circuit breaker. */
public class DownstreamFailureException extends DownstreamException {

    public DownstreamFailureException(Dependency dependency, String reason, Throwable cause) {
        super(dependency, reason, cause);
    }
}
