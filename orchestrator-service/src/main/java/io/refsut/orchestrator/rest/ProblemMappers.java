package io.refsut.orchestrator.rest;

import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;

import io.quarkus.logging.Log;
import io.refsut.orchestrator.service.TransactionFailure;

/** Maps every failure to {@code application/problem+json}; no stack trace reaches a client. */
public class ProblemMappers {

    @ServerExceptionMapper
    public Response transaction(TransactionFailure e, UriInfo uri) {
        return respond(new Problem(Problem.type(e.slug()), title(e.status()), e.status(), e.getMessage(), path(uri),
                null, e.partial()));
    }

    @ServerExceptionMapper
    public Response invalidInput(InvalidInputException e, UriInfo uri) {
        return badRequest("validation", e.field(), e.getMessage(), uri);
    }

    @ServerExceptionMapper
    public Response constraintViolation(ConstraintViolationException e, UriInfo uri) {
        List<Problem.FieldError> errors = e.getConstraintViolations().stream()
                .map(v -> new Problem.FieldError(field(v), v.getMessage()))
                .sorted(Comparator.comparing(Problem.FieldError::field))
                .toList();
        String detail = errors.stream().map(f -> f.field() + ": " + f.message()).collect(Collectors.joining("; "));
        return respond(new Problem(Problem.type("validation"), "Bad Request", 400, detail, path(uri), errors, null));
    }

    @ServerExceptionMapper(priority = 1)
    public Response mismatchedInput(MismatchedInputException e, UriInfo uri) {
        return json(e, uri);
    }

    @ServerExceptionMapper(priority = 1)
    public Response json(JsonProcessingException e, UriInfo uri) {
        if (e instanceof UnrecognizedPropertyException unknown) {
            return badRequest("validation", jsonPath(unknown), "unknown property", uri);
        }
        if (e instanceof InvalidFormatException invalid) {
            return badRequest("validation", jsonPath(invalid), "invalid value for type "
                    + invalid.getTargetType().getSimpleName(), uri);
        }
        if (e instanceof MismatchedInputException mismatched) {
            String field = jsonPath(mismatched);
            Class<?> target = mismatched.getTargetType();
            String message = target == null || field.isEmpty() ? "malformed value"
                    : "wrong type, expected " + target.getSimpleName();
            if (field.isEmpty()) {
                return badRequest("malformed-json", "body", "request body is not a JSON object of the expected shape",
                        uri);
            }
            return badRequest("validation", field, message, uri);
        }
        if (e instanceof JsonMappingException mapping && !jsonPath(mapping).isEmpty()) {
            return badRequest("validation", jsonPath(mapping), "invalid value", uri);
        }
        return badRequest("malformed-json", "body", "request body is not valid JSON", uri);
    }

    @ServerExceptionMapper
    public Response web(WebApplicationException e, UriInfo uri) {
        if (e.getCause() instanceof JsonProcessingException json) {
            return json(json, uri);
        }
        int status = e.getResponse().getStatus();
        String slug = switch (status) {
            case 400 -> "bad-request";
            case 404 -> "not-found";
            case 405 -> "method-not-allowed";
            case 406 -> "not-acceptable";
            case 413 -> "body-too-large";
            case 415 -> "unsupported-media-type";
            default -> status >= 500 ? "internal" : "bad-request";
        };
        String detail = switch (status) {
            case 404 -> "no resource at " + path(uri);
            case 405 -> "method not allowed on " + path(uri);
            case 415 -> "request body must be application/json";
            default -> title(status);
        };
        return respond(new Problem(Problem.type(slug), title(status), status, detail, path(uri), null, null));
    }

    @ServerExceptionMapper(priority = 10_000)
    public Response unexpected(Throwable e, UriInfo uri) {
        Log.errorf(e, "Unexpected failure on %s", path(uri));
        return respond(new Problem(Problem.type("internal"), "Internal Server Error", 500,
                "unexpected failure (" + e.getClass().getSimpleName() + "); see the orchestrator log", path(uri), null,
                null));
    }

    static Response respond(Problem problem) {
        return Response.status(problem.status()).type(Problem.MEDIA_TYPE).entity(problem).build();
    }

    private static Response badRequest(String slug, String field, String message, UriInfo uri) {
        return respond(new Problem(Problem.type(slug), "Bad Request", 400, field + ": " + message, path(uri),
                List.of(new Problem.FieldError(field, message)), null));
    }

    static String title(int status) {
        Response.Status known = Response.Status.fromStatusCode(status);
        if (known != null) {
            return known.getReasonPhrase();
        }
        return switch (status) {
            case 413 -> "Content Too Large";
            case 422 -> "Unprocessable Content";
            default -> "HTTP " + status;
        };
    }

    private static String path(UriInfo uri) {
        return uri == null ? null : "/" + uri.getPath().replaceFirst("^/", "");
    }

    private static String field(ConstraintViolation<?> violation) {
        StringBuilder field = new StringBuilder();
        boolean inBody = false;
        for (Path.Node node : violation.getPropertyPath()) {
            if (node.getKind() == ElementKind.PARAMETER) {
                inBody = true;
                continue;
            }
            if (inBody && node.getKind() == ElementKind.PROPERTY && node.getName() != null) {
                field.append(field.isEmpty() ? "" : ".").append(node.getName());
            }
        }
        return field.isEmpty() ? "body" : field.toString();
    }

    private static String jsonPath(JsonMappingException e) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                path.append('[').append(ref.getIndex()).append(']');
            }
        }
        return path.toString();
    }
}
