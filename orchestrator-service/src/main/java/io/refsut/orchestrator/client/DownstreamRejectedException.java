package io.refsut.orchestrator.client;

/**
 * A downstream answered with a 4xx: a business answer (not found, duplicate, version conflict, too large), so it
 * counts as a success for the circuit breaker and is never retried.
 */
public class DownstreamRejectedException extends DownstreamException {

    private final int status;

    public DownstreamRejectedException(Dependency dependency, int status, String detail) {
        super(dependency, detail, null);
        this.status = status;
    }

    public int status() {
        return status;
    }
}
