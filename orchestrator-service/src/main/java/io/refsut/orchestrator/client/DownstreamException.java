package io.refsut.orchestrator.client;

/**
 * What a downstream call ends with when it does not return a document, always naming the data service: rejected
 * (4xx), failed (one attempt), or unavailable (the call as a whole, after the policy). No stack trace: these are
 * expected outcomes under load and faults.
 */
public abstract class DownstreamException extends RuntimeException {

    private final Dependency dependency;

    protected DownstreamException(Dependency dependency, String message, Throwable cause) {
        super(message, cause, false, false);
        this.dependency = dependency;
    }

    public Dependency dependency() {
        return dependency;
    }
}
