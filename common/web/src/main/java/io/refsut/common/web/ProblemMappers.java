package io.refsut.common.web;

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
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;

import io.quarkus.logging.Log;

/**
 * Maps every failure to an {@code application/problem+json} response; no stack trace reaches a client. A service
 * adds mappers for its own failures (the data services' MongoDB mappers, the orchestrator's transaction failures).
 */
public class ProblemMappers {

    @ServerExceptionMapper
    public Response problem(ProblemException e, UriInfo uri) {
        return respond(e.toProblem(path(uri)));
    }

    @ServerExceptionMapper
    public Response constraintViolation(ConstraintViolationException e, UriInfo uri) {
        List<Problem.FieldError> errors = e.getConstraintViolations().stream()
                .map(v -> new Problem.FieldError(field(v), v.getMessage()))
                .sorted(Comparator.comparing(Problem.FieldError::field))
                .toList();
        String detail = errors.stream().map(f -> f.field() + ": " + f.message()).collect(Collectors.joining("; "));
        return respond(new Problem(Problem.type("validation"), "Bad Request", 400, detail, path(uri), errors));
    }

    @ServerExceptionMapper(priority = 1)
    public Response mismatchedInput(MismatchedInputException e, UriInfo uri) {
        return json(e, uri);
    }

    @ServerExceptionMapper(priority = 1)
    public Response json(JsonProcessingException e, UriInfo uri) {
        if (e instanceof ValueInstantiationException vie && vie.getCause() instanceof ProblemException pe) {
            return problem(pe, uri);
        }
        String field = e instanceof JsonMappingException jme ? jsonPath(jme) : "";
        String message;
        String slug = "validation";
        if (e instanceof StrictValues.InvalidValueException) {
            message = e.getOriginalMessage();
        } else if (e instanceof UnrecognizedPropertyException upe) {
            field = jsonPath(upe);
            message = "unknown property";
        } else if (e instanceof InvalidFormatException ife) {
            message = "invalid value '" + abbreviate(String.valueOf(ife.getValue())) + "' for type "
                    + ife.getTargetType().getSimpleName() + describeEnum(ife.getTargetType());
        } else if (e instanceof MismatchedInputException mie) {
            message = mie.getTargetType() == null ? "malformed value"
                    : "expected a value of type " + jsonType(mie.getTargetType());
        } else {
            slug = "malformed-json";
            message = "request body is not valid JSON: " + abbreviate(e.getOriginalMessage());
        }
        // a failure of the body as a whole (not JSON, not an object) names the field "body"
        field = field.isEmpty() ? "body" : field;
        return respond(new Problem(Problem.type(slug), "Bad Request", 400, field + ": " + message, path(uri),
                List.of(new Problem.FieldError(field, message))));
    }

    @ServerExceptionMapper
    public Response web(WebApplicationException e, UriInfo uri) {
        if (e.getCause() instanceof JsonProcessingException jpe) {
            return json(jpe, uri);
        }
        int status = e.getResponse().getStatus();
        String slug = switch (status) {
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
            default -> Problem.title(status);
        };
        return respond(new Problem(Problem.type(slug), Problem.title(status), status, detail, path(uri), null));
    }

    @ServerExceptionMapper(priority = 10_000)
    public Response unexpected(Throwable e, UriInfo uri) {
        Log.errorf(e, "Unexpected failure on %s", path(uri));
        return respond(new Problem(Problem.type("internal"), "Internal Server Error", 500,
                "unexpected server error (" + e.getClass().getSimpleName() + "); see the service log", path(uri), null));
    }

    /** A response carrying the problem with the problem media type. */
    public static Response respond(Problem problem) {
        return Response.status(problem.status()).type(Problem.MEDIA_TYPE).entity(problem).build();
    }

    /** The request path as a problem's {@code instance}. */
    public static String path(UriInfo uri) {
        return uri == null ? null : "/" + uri.getPath().replaceFirst("^/", "");
    }

    private static String field(ConstraintViolation<?> violation) {
        StringBuilder field = new StringBuilder();
        boolean pastParameter = false;
        for (Path.Node node : violation.getPropertyPath()) {
            if (node.getKind() == ElementKind.PARAMETER) {
                pastParameter = true;
                continue;
            }
            if (!pastParameter || node.getKind() == ElementKind.METHOD) {
                continue;
            }
            if (node.getName() != null) {
                field.append(field.isEmpty() ? "" : ".").append(node.getName());
            }
            if (node.getIndex() != null) {
                field.append('[').append(node.getIndex()).append(']');
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

    private static String jsonType(Class<?> type) {
        if (type == String.class) {
            return "string";
        }
        if (Number.class.isAssignableFrom(type) || type == long.class || type == int.class) {
            return "integer";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "boolean";
        }
        if (List.class.isAssignableFrom(type) || type.isArray()) {
            return "array";
        }
        if (type.isEnum()) {
            return "string" + describeEnum(type);
        }
        return type.isRecord() ? "object" : type.getSimpleName();
    }

    private static String describeEnum(Class<?> type) {
        if (!type.isEnum()) {
            return "";
        }
        return " (one of " + java.util.Arrays.stream(type.getEnumConstants()).map(String::valueOf)
                .collect(Collectors.joining(", ")) + ")";
    }

    /** The value on one line, cut at 120 characters. */
    public static String abbreviate(String value) {
        if (value == null) {
            return "";
        }
        // one line, and no control character echoed back
        String oneLine = value.replaceAll("\\s+", " ").replaceAll("[\\x00-\\x1F\\x7F-\\x9F]", "?");
        return oneLine.length() > 120 ? oneLine.substring(0, 120) + "…" : oneLine;
    }
}
