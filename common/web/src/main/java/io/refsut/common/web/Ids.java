package io.refsut.common.web;

import java.util.UUID;
import java.util.regex.Pattern;

/** Parses identifiers taken from request paths. */
public final class Ids {

    private static final Pattern CANONICAL = Pattern.compile(
            "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    private Ids() {
    }

    /** The UUID in canonical form, or a 400 problem naming the field. */
    public static UUID parse(String field, String value) {
        if (value == null || !CANONICAL.matcher(value).matches()) {
            throw ProblemException.badRequest(field, "must be a UUID in canonical form (8-4-4-4-12 hex digits), got '"
                    + abbreviate(value) + "'");
        }
        return UUID.fromString(value);
    }

    /** A 400 problem unless the body carries no id or the same id as the path. */
    public static void requireSameAsPath(UUID bodyId, UUID pathId) {
        if (bodyId != null && !bodyId.equals(pathId)) {
            throw ProblemException.badRequest("id", "must equal the id in the path (" + pathId + ")");
        }
    }

    private static String abbreviate(String value) {
        if (value == null) {
            return "";
        }
        return value.length() > 60 ? value.substring(0, 60) + "…" : value;
    }
}
