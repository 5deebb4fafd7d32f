package io.refsut.loadtest.simulation;

/** What the injector knows about a write once its response (or its absence) is in. */
public enum WriteOutcome {
    /** 2xx: the write happened and must be readable. */
    ACKNOWLEDGED,
    /** A 4xx: the SUT rejected the request and wrote nothing. */
    FAILED,
    /**
     * No response (timeout, connection lost) or a 5xx: unknown. Even a 503 without a {@code partial} member may
     * have been written: a downstream call the orchestrator gave up on can still complete behind its back.
     */
    INDETERMINATE;

    /** Classifies a response by its status; null when no response arrived. */
    public static WriteOutcome classify(Integer status) {
        if (status == null || status == 0) {
            return INDETERMINATE;
        }
        if (status >= 200 && status < 300) {
            return ACKNOWLEDGED;
        }
        if (status >= 400 && status < 500) {
            return FAILED;
        }
        return INDETERMINATE;
    }
}
