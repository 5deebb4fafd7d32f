package io.refsut.orchestrator.service;

import io.refsut.orchestrator.client.Account;
import io.refsut.orchestrator.client.Balance;

/** Response of create and read account: the account and its balance. */
public record AccountView(Account account, Balance balance) {
}
