package io.refsut.common.web;

import java.util.List;
import java.util.UUID;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * Body of a lookup ({@code POST …/lookup}): the ids of the documents to read, 1 to {@link #MAX_IDS}, each a UUID in
 * canonical form. Repeated ids are read once.
 */
public record IdList(@NotNull @Size(min = 1, max = MAX_IDS) List<@NotNull UUID> ids) {

    /** Most ids one lookup may name: 100 ids are about 4 KB of JSON, well inside every service's body limit. */
    public static final int MAX_IDS = 100;

    /** The ids without repeats, in their first order. */
    public List<UUID> distinct() {
        return ids.stream().distinct().toList();
    }
}
