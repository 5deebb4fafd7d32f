package io.refsut.orchestrator.client;

import java.time.Instant;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Body of service-3 POST {@code /payments} and PUT {@code /payments/{id}}: {@code status} is PENDING on the insert;
 * a status change sends the stored payment back with its {@code createdAt} and the new status.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PaymentWrite(UUID id, UUID accountId, Long amountMinor, String currency, String reference, String note,
        String status, Instant createdAt) implements DocumentWrite {

    /** The stored payment {@code payment} with another status. */
    public static PaymentWrite withStatus(Payment payment, String status) {
        return new PaymentWrite(payment.id(), payment.accountId(), payment.amountMinor(), payment.currency(),
                payment.reference(), payment.note(), status, payment.createdAt());
    }
}
