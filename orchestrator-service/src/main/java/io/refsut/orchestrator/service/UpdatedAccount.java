package io.refsut.orchestrator.service;

import io.refsut.orchestrator.client.Account;

/** Response of update account. */
public record UpdatedAccount(Account account) {
}
