package io.refsut.orchestrator.client;

import jakarta.ws.rs.HeaderParam;

/**
 * Headers every downstream call carries: the request id and, when the client sent one, the W3C traceparent. The
 * public resources take it from the request and the REST contracts send it on, both as a {@code @BeanParam}.
 */
public final class CallContext {

    /** Header carrying the request id on every request and response. */
    public static final String REQUEST_ID = "X-Request-Id";
    /** W3C trace context header, forwarded unchanged. */
    public static final String TRACEPARENT = "traceparent";

    // not final: the server fills a bean parameter's fields after construction
    @HeaderParam(REQUEST_ID)
    private String requestId;
    @HeaderParam(TRACEPARENT)
    private String traceparent;

    /** For the server, which fills the fields from the request headers. */
    public CallContext() {
    }

    public CallContext(String requestId, String traceparent) {
        this.requestId = requestId;
        this.traceparent = traceparent;
    }

    /** The request id ({@code X-Request-Id}); the REST client reads the annotated fields themselves (by reflection). */
    public String getRequestId() {
        return requestId;
    }

    /** The W3C {@code traceparent} header, or null when the client sent none. */
    public String getTraceparent() {
        return traceparent;
    }
}
