package io.refsut.loadtest.reliability;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The fault scenarios, one at a time under constant load. */
enum Fault {
    KILL_ACCOUNTS("accounts", "kill -9 the accounts service, restart it"),
    KILL_PAYMENTS("payments", "kill -9 the payments service, restart it"),
    KILL_BALANCES("balances", "kill -9 the balances service, restart it"),
    KILL_AUDIT("audit", "kill -9 the audit service, restart it"),
    KILL_ORCHESTRATOR("orchestrator", "kill -9 the orchestrator, restart it"),
    FREEZE_BALANCES("balances", "SIGSTOP the balances service (a hang, not a refusal), then SIGCONT"),
    FREEZE_PAYMENTS("payments", "SIGSTOP the payments service, then SIGCONT"),
    KILL_DATABASE("database", "kill -9 the database process, restart it on the same data file"),
    FREEZE_DATABASE("database", "SIGSTOP the database process (a stalled primary: connections stay open, nothing "
            + "answers), then SIGCONT"),
    OBSERVE("none", "no fault injected: load only, --before + --down + --after, while an outside failover happens "
            + "(Atlas Test Failover, rs.stepDown())");

    final String process;
    final String description;

    Fault(String process, String description) {
        this.process = process;
        this.description = description;
    }

    /** The option spelling: {@code kill-balances}. */
    String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Whether the scenario acts on the database process, which only a stand-in this command started has. */
    boolean needsDatabaseProcess() {
        return process.equals("database");
    }

    boolean freezes() {
        return name().startsWith("FREEZE");
    }

    /** Parses a comma-separated list of ids, or {@code all} (every scenario but {@code observe}). */
    static List<Fault> parse(String list) {
        if (list.isBlank() || list.trim().equals("all")) {
            return Arrays.stream(values()).filter(f -> f != OBSERVE).toList();
        }
        return Arrays.stream(list.split(",")).map(String::trim).filter(s -> !s.isEmpty()).map(id -> {
            for (Fault fault : values()) {
                if (fault.id().equals(id)) {
                    return fault;
                }
            }
            throw new IllegalArgumentException("unknown fault '" + id + "'; known: "
                    + Arrays.stream(values()).map(Fault::id).toList());
        }).toList();
    }
}
