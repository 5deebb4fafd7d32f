package io.refsut.orchestrator.client;

/** The four data services the orchestrator calls; {@link #label()} is the name used in problems and metric tags. */
public enum Dependency {
    ACCOUNTS("accounts"),
    PAYMENTS("payments"),
    BALANCES("balances"),
    AUDIT("audit");

    private final String label;

    Dependency(String label) {
        this.label = label;
    }

    /** Lower-case name as in the contract: {@code accounts}, {@code payments}, {@code balances}, {@code audit}. */
    public String label() {
        return label;
    }
}
