package io.refsut.loadtest.workload;

/** The business operations the load test performs; {@link #requestName()} is the Gatling request name and the orchestrator's metric tag. */
public enum Operation {
    CREATE_ACCOUNT("create_account", true),
    READ_ACCOUNT("read_account", false),
    UPDATE_ACCOUNT("update_account", true),
    MAKE_PAYMENT("make_payment", true),
    READ_PAYMENT("read_payment", false);

    private final String requestName;
    private final boolean write;

    Operation(String requestName, boolean write) {
        this.requestName = requestName;
        this.write = write;
    }

    public String requestName() {
        return requestName;
    }

    public boolean isWrite() {
        return write;
    }

    /** The operation whose request name is {@code name}. */
    public static Operation fromRequestName(String name) {
        for (Operation operation : values()) {
            if (operation.requestName.equals(name)) {
                return operation;
            }
        }
        throw new IllegalArgumentException("unknown operation: " + name);
    }
}
