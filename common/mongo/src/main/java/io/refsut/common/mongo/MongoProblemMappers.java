package io.refsut.common.mongo;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import com.mongodb.MongoSocketException;
import com.mongodb.MongoTimeoutException;

import io.quarkus.logging.Log;
import io.refsut.common.web.Problem;
import io.refsut.common.web.ProblemMappers;

/** MongoDB unreachable (no server selected in time, socket failure): 503 naming MongoDB, no stack trace. */
public class MongoProblemMappers {

    @ServerExceptionMapper
    public Response mongoUnavailable(MongoTimeoutException e, UriInfo uri) {
        return unavailable(e, uri);
    }

    @ServerExceptionMapper
    public Response mongoSocket(MongoSocketException e, UriInfo uri) {
        return unavailable(e, uri);
    }

    private static Response unavailable(RuntimeException e, UriInfo uri) {
        String path = ProblemMappers.path(uri);
        Log.warnf("MongoDB unavailable on %s: %s", path, e.getMessage());
        return ProblemMappers.respond(new Problem(Problem.type("dependency-unavailable"), "Service Unavailable", 503,
                "MongoDB is unavailable: " + ProblemMappers.abbreviate(e.getMessage()), path, null));
    }
}
