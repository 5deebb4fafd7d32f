package io.refsut.loadtest.report;

/**
 * The one wording of a machine's speed (run.json and bench.json {@code machine.speed}) for the console, summary.md
 * and bench.md.
 */
public final class MachineFigures {

    private MachineFigures() {
    }

    /**
     * "loopback round trip p50 {@code loopbackUs} µs, system call {@code systemCallNs} ns, CPU loop {@code cpuLoopNs}
     * ns per iteration"; the system call is left out when null (results from before it was measured).
     */
    public static String text(Object loopbackUs, Object systemCallNs, Object cpuLoopNs) {
        return "loopback round trip p50 " + loopbackUs + " µs, "
                + (systemCallNs == null ? "" : "system call " + systemCallNs + " ns, ")
                + "CPU loop " + cpuLoopNs + " ns per iteration";
    }
}
