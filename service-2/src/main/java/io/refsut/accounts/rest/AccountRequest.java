package io.refsut.accounts.rest;

import java.time.Instant;
import java.util.UUID;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import io.refsut.accounts.store.AccountStatus;

/**
 * Body of POST and PUT {@code /accounts}. {@code id} is optional (POST: generated when absent; PUT: must equal the
 * path). {@code createdAt} is optional on PUT: a client that has just read the account passes it back so the
 * replace is one MongoDB operation; when absent the service reads it first.
 */
public record AccountRequest(
        UUID id,
        @NotBlank @Size(max = 100) String owner,
        @NotNull @Pattern(regexp = "[A-Z]{3}", message = "must be an ISO 4217 code of three capital letters") String currency,
        @NotNull AccountStatus status,
        @Size(max = 1000) String note,
        Instant createdAt) {
}
