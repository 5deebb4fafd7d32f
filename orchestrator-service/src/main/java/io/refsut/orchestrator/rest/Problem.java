package io.refsut.orchestrator.rest;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.refsut.orchestrator.service.Written;

/**
 * An RFC 9457 problem, the body of every error response; {@code partial} lists the writes a failed transaction had
 * already made.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Problem(String type, String title, int status, String detail, String instance, List<FieldError> errors,
        List<Written> partial) {

    /** Media type of every error response. */
    public static final String MEDIA_TYPE = "application/problem+json";

    /** One invalid input field. */
    public record FieldError(String field, String message) {
    }

    static String type(String slug) {
        return "urn:refsut:problem:" + slug;
    }
}
