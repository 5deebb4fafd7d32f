package io.refsut.orchestrator.client;

/** A downstream failed: connection refused or reset, or a 5xx answer. Counts against the circuit breaker. */
public class DownstreamFailureException extends RuntimeException {

    private final Dependency dependency;

    public DownstreamFailureException(Dependency dependency, String reason, Throwable cause) {
        super(reason, cause, false, false);
        this.dependency = dependency;
    }

    public Dependency dependency() {
        return dependency;
    }
}
