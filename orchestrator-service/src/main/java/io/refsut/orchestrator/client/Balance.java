package io.refsut.orchestrator.client;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** A balance document as service-4 returns it; {@code appliedPayments} is most recent first. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Balance(UUID id, String currency, Long availableMinor, Long version, List<UUID> appliedPayments,
        String note, Instant updatedAt) {

    /** The applied payment ids, never null. */
    public List<UUID> applied() {
        return appliedPayments == null ? List.of() : appliedPayments;
    }
}
