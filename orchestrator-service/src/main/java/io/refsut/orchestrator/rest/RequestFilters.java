package io.refsut.orchestrator.rest;

import java.util.UUID;
import java.util.regex.Pattern;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.jboss.logging.MDC;

import io.quarkus.vertx.http.runtime.filters.Filters;
import io.refsut.common.web.BodyLimit;
import io.refsut.orchestrator.client.CallContext;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;

/**
 * Vert.x filter in front of every public route: settles the request id (the client's if it is sane, else a new
 * UUID), echoes it on the response and puts it in the log MDC. It runs before common-web's {@link BodyLimit}, so
 * that a refused body is answered with the request id too.
 */
@ApplicationScoped
public class RequestFilters {

    /** MDC key of the request id, used by the log format. */
    public static final String MDC_REQUEST_ID = "requestId";

    private static final Pattern SANE_REQUEST_ID = Pattern.compile("[A-Za-z0-9._:/+=-]{1,100}");

    void register(@Observes Filters filters) {
        filters.register(this::filter, BodyLimit.PRIORITY + 100);
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
        context.next();
    }
}
