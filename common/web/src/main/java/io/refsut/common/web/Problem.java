package io.refsut.common.web;

import java.util.List;

import jakarta.ws.rs.core.Response;

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

    /** The title of a problem with this status: the reason phrase ({@code Not Found}, {@code Unprocessable Content}). */
    public static String title(int status) {
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
}
