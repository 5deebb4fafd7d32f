package io.refsut.orchestrator.rest;

import java.util.UUID;
import java.util.regex.Pattern;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.jboss.logging.MDC;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.vertx.http.runtime.filters.Filters;
import io.refsut.orchestrator.client.CallContext;
import io.refsut.orchestrator.config.OrchestratorConfig;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;

/**
 * Vert.x filter in front of every public route: settles the request id (the client's if it is sane, else a new
 * UUID), echoes it on the response and puts it in the log MDC; refuses a declared body over the limit with 413
 * before anything reads it.
 */
@ApplicationScoped
public class RequestFilters {

    /** MDC key of the request id, used by the log format. */
    public static final String MDC_REQUEST_ID = "requestId";

    private static final Pattern SANE_REQUEST_ID = Pattern.compile("[A-Za-z0-9._:/+=-]{1,100}");

    private final long maxBodyBytes;
    private final ObjectMapper json;

    public RequestFilters(OrchestratorConfig config, ObjectMapper json) {
        this.maxBodyBytes = config.http().maxBodyBytes();
        this.json = json;
    }

    void register(@Observes Filters filters) {
        filters.register(this::filter, 1000);
    }

    private void filter(RoutingContext context) {
        HttpServerRequest request = context.request();
        String requestId = request.getHeader(CallContext.REQUEST_ID);
        if (requestId == null || !SANE_REQUEST_ID.matcher(requestId).matches()) {
            requestId = UUID.randomUUID().toString();
            request.headers().set(CallContext.REQUEST_ID, requestId);
        }
        context.response().putHeader(CallContext.REQUEST_ID, requestId);
        MDC.put(MDC_REQUEST_ID, requestId);

        String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
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
        context.next();
    }

    private void refuse(RoutingContext context, int status, String slug, String detail) {
        Problem problem = new Problem(Problem.type(slug), ProblemMappers.title(status), status, detail,
                context.request().path(), null, null);
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
