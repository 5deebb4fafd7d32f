package io.refsut.orchestrator.service;

/** Lifecycle state of an account; only ACTIVE accounts accept payments. */
public enum AccountStatus {
    ACTIVE,
    SUSPENDED,
    CLOSED
}
