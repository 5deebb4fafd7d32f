package io.refsut.balances.rest;

import java.util.List;
import java.util.UUID;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/** Body of POST {@code /balances}: {@code id} is the account's id (generated when absent); version starts at 0. */
public record BalanceCreateRequest(
        UUID id,
        @NotNull @Pattern(regexp = "[A-Z]{3}", message = "must be an ISO 4217 code of three capital letters") String currency,
        @NotNull Long availableMinor,
        @Size(max = 16) List<@NotNull UUID> appliedPayments,
        @Size(max = 1000) String note) {
}
