package io.refsut.common.web;

import java.util.UUID;

/** Parses identifiers taken from request paths. */
public final class Ids {

    private Ids() {
    }

    private static final UUID NIL = new UUID(0, 0);

    /** The UUID in canonical form, not the nil UUID, or a 400 problem naming the field. */
    public static UUID parse(String field, String value) {
        if (value == null || !isCanonical(value)) {
            throw ProblemException.badRequest(field, "must be a UUID in canonical form (8-4-4-4-12 hex digits), got '"
                    + abbreviate(value) + "'");
        }
        UUID uuid = UUID.fromString(value);
        if (isNil(uuid)) {
            throw ProblemException.badRequest(field, "must not be the nil UUID");
        }
        return uuid;
    }

    /** Whether {@code value} is a UUID in canonical 8-4-4-4-12 form. */
    public static boolean isCanonical(String value) {
        // by hand rather than a regular expression: this runs for every id of every body and path
        if (value.length() != 36) {
            return false;
        }
        for (int i = 0; i < 36; i++) {
            char c = value.charAt(i);
            boolean ok = i == 8 || i == 13 || i == 18 || i == 23
                    ? c == '-'
                    : (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code id} is the nil UUID (all zeros), which no document may have. */
    public static boolean isNil(UUID id) {
        return NIL.equals(id);
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
        String shown = value.length() > 60 ? value.substring(0, 60) + "…" : value;
        // never echo a control character back
        StringBuilder clean = new StringBuilder(shown.length());
        shown.codePoints().forEach(c -> clean.appendCodePoint(c < 0x20 || (c >= 0x7F && c <= 0x9F) ? '?' : c));
        return clean.toString();
    }
}
