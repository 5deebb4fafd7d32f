package io.refsut.orchestrator.service;

import java.util.UUID;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;

/** Body of POST /api/v1/accounts; {@code id} is chosen by the orchestrator when absent, status defaults to ACTIVE. */
public record NewAccount(
        UUID id,
        @NotBlank @Size(max = 100) String owner,
        @NotNull @Pattern(regexp = "[A-Z]{3}", message = "must be three capital letters (ISO 4217)") String currency,
        AccountStatus status,
        @NotNull @PositiveOrZero Long initialBalanceMinor,
        @Size(max = 1000) String note) {
}
