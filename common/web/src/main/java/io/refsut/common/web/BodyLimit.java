package io.refsut.common.web;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;

/**
 * Vert.x filter in front of every route: refuses a request whose declared body ({@code Content-Length}) is over
 * {@code sut.http.max-body-bytes} with 413, one whose {@code Content-Length} is not a number with 400, and one with a
 * body but no {@code Content-Type} with 415, before anything reads the body. Bodies sent without a length are bounded by {@code quarkus.http.limits.max-body-size}.
 */
@ApplicationScoped
public class BodyLimit {

    /** Filter priority: after a service's own filters of higher priority (the orchestrator's request id). */
    public static final int PRIORITY = 900;

    private final long maxBodyBytes;
    private final ObjectMapper json;

    public BodyLimit(@ConfigProperty(name = "sut.http.max-body-bytes", defaultValue = "16384") long maxBodyBytes,
            ObjectMapper json) {
        this.maxBodyBytes = maxBodyBytes;
        this.json = json;
    }

    void register(@Observes Filters filters) {
        filters.register(this::filter, PRIORITY);
    }

    private void filter(RoutingContext context) {
        String length = context.request().getHeader(HttpHeaders.CONTENT_LENGTH);
        if (length != null) {
            long declared;
            try {
                declared = Long.parseLong(length.trim());
            } catch (NumberFormatException e) {
                declared = -1;
            }
            if (declared < 0) {
                refuse(context, 400, "bad-request", "Content-Length is not a number");
                return;
            }
            if (declared > maxBodyBytes) {
                refuse(context, 413, "body-too-large", "request body of " + declared + " bytes exceeds the limit of "
                        + maxBodyBytes + " bytes");
                return;
            }
        }
        boolean hasBody = (length != null && !length.trim().equals("0"))
                || context.request().getHeader(HttpHeaders.TRANSFER_ENCODING) != null;
        if (hasBody && context.request().getHeader(HttpHeaders.CONTENT_TYPE) == null) {
            refuse(context, 415, "unsupported-media-type", "a request body needs a Content-Type (application/json)");
            return;
        }
        context.next();
    }

    private void refuse(RoutingContext context, int status, String slug, String detail) {
        Problem problem = new Problem(Problem.type(slug), Problem.title(status), status, detail,
                context.request().path(), null);
        String body;
        try {
            body = json.writeValueAsString(problem);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a problem record is always serializable", e);
        }
        // the body is never read: close the connection so the unread bytes do not poison keep-alive
        context.response().setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                .putHeader(HttpHeaders.CONNECTION, "close").end(body);
    }
}
