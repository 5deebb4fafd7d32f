package io.refsut.orchestrator.service;

import io.refsut.orchestrator.client.Balance;
import io.refsut.orchestrator.client.Payment;

/** Response of make payment: the payment and the balance after the debit. */
public record PaymentMade(Payment payment, Balance balance) {
}
