package io.refsut.orchestrator.client;

/** Headers every downstream call carries: the request id and, when the client sent one, the W3C traceparent. */
public record CallContext(String requestId, String traceparent) {

    /** Header carrying the request id on every request and response. */
    public static final String REQUEST_ID = "X-Request-Id";
    /** W3C trace context header, forwarded unchanged. */
    public static final String TRACEPARENT = "traceparent";
}
