package io.refsut.orchestrator.client;

import java.util.UUID;

/** Body of service-4 POST {@code /balances}: the id is the account's. */
public record BalanceCreate(UUID id, String currency, Long availableMinor) implements DocumentWrite {
}
