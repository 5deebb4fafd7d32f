package io.refsut.common.problem;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;

/** An RFC 9457 problem document, the body of every error response. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Problem(String type, String title, int status, String detail, String instance, List<FieldError> errors) {

    /** Media type of every error response. */
    public static final String MEDIA_TYPE = "application/problem+json";

    /** One invalid input field. */
    public record FieldError(String field, String message) {
    }

    /** The problem type URI for a slug such as {@code not-found}. */
    public static String type(String slug) {
        return "urn:refsut:problem:" + slug;
    }
}
