package io.refsut.loadtest.report;

/**
 * The one wording of a machine's speed (run.json and bench.json {@code machine.speed}) for the console, summary.md
 * and bench.md.
 */
public final class MachineFigures {

    /** From this stolen share (%) of a phase's or a series' CPU time on, the reports warn: figures not comparable. */
    public static final double STEAL_WARNING_PCT = 10;

    private MachineFigures() {
    }

    /**
     * "{@code busyCores} cores busy, the hypervisor took {@code stealPct} % of the CPU time the machine's processes
     * wanted (steal)".
     */
    public static String cpu(Object busyCores, Object stealPct) {
        return busyCores + " cores busy, the hypervisor took " + stealPct
                + " % of the CPU time the machine's processes wanted (steal)";
    }

    /** Whether a stolen share (%) is at or above {@link #STEAL_WARNING_PCT}; false when it is not a number. */
    public static boolean stealWarns(Object stealPct) {
        return stealPct instanceof Number n && n.doubleValue() >= STEAL_WARNING_PCT;
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
