package io.refsut.orchestrator.service;

/** The business operations of the public API; {@link #tag()} is the {@code operation} metric tag. */
public enum Operation {
    CREATE_ACCOUNT,
    READ_ACCOUNT,
    UPDATE_ACCOUNT,
    MAKE_PAYMENT,
    READ_PAYMENT;

    public String tag() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
