package io.refsut.orchestrator.client;

/** A downstream call failed, not with a business answer: down, slow, 5xx, breaker open or bulkhead full. */
public class DependencyUnavailableException extends DownstreamException {

    public DependencyUnavailableException(Dependency dependency, String reason, Throwable cause) {
        super(dependency, reason, cause);
    }
}
