package io.refsut.payments.rest;

import java.time.Instant;
import java.util.UUID;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

/**
 * Body of POST and PUT {@code /payments}; {@code amountMinor} is in minor units (cents). {@code id} is optional
 * (POST: generated when absent; PUT: must equal the path); {@code createdAt} is optional on PUT (kept when absent);
 * {@code status} is optional ({@code PENDING}, {@code COMPLETED} or {@code CANCELLED}; absent: none stored).
 */
public record PaymentRequest(
        UUID id,
        @NotNull UUID accountId,
        @NotNull @Positive Long amountMinor,
        @NotNull @Pattern(regexp = "[A-Z]{3}", message = "must be an ISO 4217 code of three capital letters") String currency,
        @NotBlank @Size(max = 140) String reference,
        @Size(max = 1000) String note,
        @Pattern(regexp = PaymentRequest.STATUSES, message = "must be PENDING, COMPLETED or CANCELLED") String status,
        Instant createdAt) {

    /** The payment states. */
    public static final String STATUSES = "PENDING|COMPLETED|CANCELLED";
}
