package io.refsut.common.web;

import java.util.Optional;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import io.refsut.common.problem.Problem;
import io.refsut.common.problem.ProblemMappers;

/** Refuses a request body over the configured limit before it is read or parsed. */
public class BodyLimitFilter {

    private final long maxBodyBytes;

    public BodyLimitFilter(@ConfigProperty(name = "sut.http.max-body-bytes", defaultValue = "16384") long maxBodyBytes) {
        this.maxBodyBytes = maxBodyBytes;
    }

    @ServerRequestFilter(preMatching = true)
    public Optional<Response> limit(ContainerRequestContext request) {
        String length = request.getHeaderString(HttpHeaders.CONTENT_LENGTH);
        if (length == null) {
            return Optional.empty();
        }
        long bytes;
        try {
            bytes = Long.parseLong(length.trim());
        } catch (NumberFormatException e) {
            return Optional.of(ProblemMappers.respond(new Problem(Problem.type("bad-request"), "Bad Request", 400,
                    "Content-Length is not a number", request.getUriInfo().getPath(), null)));
        }
        if (bytes > maxBodyBytes) {
            return Optional.of(ProblemMappers.respond(new Problem(Problem.type("body-too-large"),
                    "Content Too Large", 413, "request body of " + bytes + " bytes exceeds the limit of "
                            + maxBodyBytes + " bytes",
                    request.getUriInfo().getPath(), null)));
        }
        return Optional.empty();
    }
}
