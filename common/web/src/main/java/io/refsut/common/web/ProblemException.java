package io.refsut.common.web;

import java.util.List;

/** Thrown to answer a request with a problem document; carries no stack trace. */
public class ProblemException extends RuntimeException {

    private final int status;
    private final String slug;
    private final String title;
    private final transient List<Problem.FieldError> errors;

    public ProblemException(int status, String slug, String title, String detail) {
        this(status, slug, title, detail, null);
    }

    public ProblemException(int status, String slug, String title, String detail, List<Problem.FieldError> errors) {
        super(detail, null, false, false);
        this.status = status;
        this.slug = slug;
        this.title = title;
        this.errors = errors;
    }

    public static ProblemException notFound(String what, Object id) {
        return new ProblemException(404, "not-found", "Not Found", what + " " + id + " does not exist");
    }

    public static ProblemException badRequest(String field, String message) {
        return new ProblemException(400, "validation", "Bad Request", field + ": " + message,
                List.of(new Problem.FieldError(field, message)));
    }

    public static ProblemException conflict(String slug, String detail) {
        return new ProblemException(409, slug, "Conflict", detail);
    }

    public int status() {
        return status;
    }

    /** The problem document for this exception at the given request path. */
    public Problem toProblem(String instance) {
        return new Problem(Problem.type(slug), title, status, getMessage(), instance, errors);
    }
}
