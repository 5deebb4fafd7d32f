package io.refsut.orchestrator.client;

/** A downstream call failed, not with a business answer: down, slow, 5xx, breaker open or bulkhead full. */
public class DependencyUnavailableException extends RuntimeException {

    private final Dependency dependency;

    public DependencyUnavailableException(Dependency dependency, String reason, Throwable cause) {
        super(reason, cause, false, false);
        this.dependency = dependency;
    }

    public Dependency dependency() {
        return dependency;
    }
}
