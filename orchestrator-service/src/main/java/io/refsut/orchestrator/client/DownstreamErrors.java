package io.refsut.orchestrator.client;

import java.net.ConnectException;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;

import com.fasterxml.jackson.databind.JsonNode;

/** Turns what the REST client throws into a rejection (4xx) or a failure (everything else). */
final class DownstreamErrors {

    private DownstreamErrors() {
    }

    static RuntimeException map(Dependency dependency, Throwable error) {
        if (error instanceof DownstreamRejectedException || error instanceof DownstreamFailureException) {
            return (RuntimeException) error;
        }
        if (error instanceof WebApplicationException wae) {
            int status = wae.getResponse().getStatus();
            if (status >= 400 && status < 500) {
                return new DownstreamRejectedException(dependency, status, detail(wae.getResponse(), status));
            }
            return new DownstreamFailureException(dependency, "answered HTTP " + status, error);
        }
        return new DownstreamFailureException(dependency, describe(error), error);
    }

    static boolean isNotFound(Throwable error) {
        return error instanceof WebApplicationException wae && wae.getResponse().getStatus() == 404;
    }

    private static String detail(Response response, int status) {
        try {
            JsonNode problem = response.readEntity(JsonNode.class);
            if (problem != null && problem.hasNonNull("detail")) {
                return problem.get("detail").asText();
            }
        } catch (RuntimeException unreadable) {
            // the status alone still says what happened
        }
        return "HTTP " + status;
    }

    private static String describe(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof ConnectException) {
                return "connection refused";
            }
        }
        Throwable root = error;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        return root.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }
}
