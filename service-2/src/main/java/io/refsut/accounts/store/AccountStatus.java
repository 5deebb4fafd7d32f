package io.refsut.accounts.store;

/** Lifecycle of an account; only ACTIVE accounts can make payments. */
public enum AccountStatus {
    ACTIVE, SUSPENDED, CLOSED
}
