package io.refsut.orchestrator.rest;

import java.util.List;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

import io.refsut.common.web.Problem;
import io.refsut.common.web.ProblemMappers;
import io.refsut.orchestrator.service.TransactionFailure;
import io.refsut.orchestrator.service.Written;

/**
 * Maps a failed business transaction to its problem; common-web's {@link ProblemMappers} answer everything else
 * (bad input, unknown paths, unexpected failures).
 */
public class TransactionProblems {

    @ServerExceptionMapper
    public Response transaction(TransactionFailure e, UriInfo uri) {
        Problem problem = new Problem(Problem.type(e.slug()), Problem.title(e.status()), e.status(), e.getMessage(),
                ProblemMappers.path(uri), null);
        return Response.status(e.status()).type(Problem.MEDIA_TYPE).entity(new Body(problem, e.partial(), e.compensated())).build();
    }

    /**
     * The problem members, then {@code partial}: the writes the transaction had already made and that remain (absent if
     * none), and {@code compensated}: the writes it made and then undid (absent if none).
     */
    public record Body(@JsonUnwrapped Problem problem, @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Written> partial,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Written> compensated) {
    }
}
