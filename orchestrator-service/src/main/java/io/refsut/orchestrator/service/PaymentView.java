package io.refsut.orchestrator.service;

import io.refsut.orchestrator.client.Account;
import io.refsut.orchestrator.client.Payment;

/** Response of read payment: the payment and the account it was made from. */
public record PaymentView(Payment payment, Account account) {
}
