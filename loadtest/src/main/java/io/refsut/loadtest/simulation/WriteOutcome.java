package io.refsut.loadtest.simulation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/** What the injector knows about a write once its response (or its absence) is in. */
public enum WriteOutcome {
    /** 2xx: the write happened and must be readable. */
    ACKNOWLEDGED,
    /** A 4xx, or a 503 without a {@code partial} member: the SUT says nothing was written. */
    FAILED,
    /** No response (timeout, connection lost), a 503 listing a {@code partial} write, or another 5xx: unknown. */
    INDETERMINATE;

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Classifies a response; {@code status} is null when no response arrived. */
    public static WriteOutcome classify(Integer status, String body) {
        if (status == null || status == 0) {
            return INDETERMINATE;
        }
        if (status >= 200 && status < 300) {
            return ACKNOWLEDGED;
        }
        if (status >= 400 && status < 500) {
            return FAILED;
        }
        if (status == 503 && !hasPartial(body)) {
            return FAILED;
        }
        return INDETERMINATE;
    }

    private static boolean hasPartial(String body) {
        if (body == null || body.isBlank()) {
            return false;
        }
        try {
            JsonNode partial = JSON.readTree(body).get("partial");
            return partial != null && !partial.isNull() && !(partial.isContainerNode() && partial.isEmpty());
        } catch (IOException e) {
            // an unreadable 503 body cannot prove that nothing was written
            return true;
        }
    }
}
