package io.refsut.orchestrator.service;

import java.util.UUID;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

/** Body of POST /api/v1/payments; {@code id} is chosen by the orchestrator when absent, before any call. */
public record NewPayment(
        UUID id,
        @NotNull UUID accountId,
        @NotNull @Positive Long amountMinor,
        @NotNull @Pattern(regexp = "[A-Z]{3}", message = "must be three capital letters (ISO 4217)") String currency,
        @NotBlank @Size(max = 140) String reference,
        @Size(max = 1000) String note) {
}
