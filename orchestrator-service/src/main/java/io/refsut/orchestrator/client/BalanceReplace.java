package io.refsut.orchestrator.client;

import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonInclude;

/** Body of service-4 PUT {@code /balances/{id}}: the new state plus the version it was computed from. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BalanceReplace(String currency, Long availableMinor, Long version, List<UUID> appliedPayments,
        String note) implements DocumentWrite {
}
