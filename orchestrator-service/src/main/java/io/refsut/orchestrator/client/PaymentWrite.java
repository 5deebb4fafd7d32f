package io.refsut.orchestrator.client;

import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonInclude;

/** Body of service-3 POST {@code /payments}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PaymentWrite(UUID id, UUID accountId, Long amountMinor, String currency, String reference, String note)
        implements DocumentWrite {
}
