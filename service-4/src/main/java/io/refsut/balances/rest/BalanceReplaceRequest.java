package io.refsut.balances.rest;

import java.util.List;
import java.util.UUID;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;

/**
 * Body of PUT {@code /balances/{id}}: the whole new balance plus the {@code version} the client read; the replace
 * applies only if the stored version is still that one.
 */
public record BalanceReplaceRequest(
        UUID id,
        @NotNull @Pattern(regexp = "[A-Z]{3}", message = "must be an ISO 4217 code of three capital letters") String currency,
        @NotNull Long availableMinor,
        @NotNull @PositiveOrZero Long version,
        @Size(max = 16) List<@NotNull UUID> appliedPayments,
        @Size(max = 1000) String note) {
}
