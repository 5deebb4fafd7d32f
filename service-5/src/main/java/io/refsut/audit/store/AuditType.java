package io.refsut.audit.store;

/** What an audit event records. */
public enum AuditType {
    ACCOUNT_CREATED, ACCOUNT_UPDATED, PAYMENT_MADE
}
