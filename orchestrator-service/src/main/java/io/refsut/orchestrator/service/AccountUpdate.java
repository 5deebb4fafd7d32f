package io.refsut.orchestrator.service;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/** Body of PUT /api/v1/accounts/{id}: the whole new account; the currency must stay the balance's. */
public record AccountUpdate(
        @NotBlank @Size(max = 100) String owner,
        @NotNull @Pattern(regexp = "[A-Z]{3}", message = "must be three capital letters (ISO 4217)") String currency,
        @NotNull AccountStatus status,
        @Size(max = 1000) String note) {
}
