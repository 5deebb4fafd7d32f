package io.refsut.common.web;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * A data service's answer to a lookup ({@code POST /R/lookup}, body {@link IdList}): the documents found among the ids
 * asked for, in no particular order. The data services write it; the orchestrator reads it (unknown members ignored,
 * as for every downstream document).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record DocumentList<T>(List<T> found) {

    /** The documents found, never null. */
    public List<T> documents() {
        return found == null ? List.of() : found;
    }
}
