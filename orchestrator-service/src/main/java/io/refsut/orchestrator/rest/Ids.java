package io.refsut.orchestrator.rest;

import java.util.UUID;
import java.util.regex.Pattern;

/** Parses path ids strictly: canonical UUID text only. */
final class Ids {

    private static final Pattern CANONICAL = Pattern.compile(
            "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    private Ids() {
    }

    static UUID parse(String field, String value) {
        if (value == null || !CANONICAL.matcher(value).matches()) {
            throw new InvalidInputException(field, "must be a UUID");
        }
        return UUID.fromString(value);
    }
}
