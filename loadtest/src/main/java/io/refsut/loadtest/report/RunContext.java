package io.refsut.loadtest.report;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Everything the summary needs to know about the run that is not in the logs.
 *
 * @param label       the run's label (the results folder's suffix)
 * @param targetRate  planned arrivals per second after the ramp (all injectors together)
 * @param duration    length of the measured window
 * @param ramp        length of the linear ramp from 0 to {@code targetRate} ({@link Duration#ZERO} for none)
 * @param settle      time at {@code targetRate} between the ramp and the measured window
 * @param arrivals    the arrival process, {@code constant} or {@code poisson}
 * @param parameters  every run parameter, copied into summary.json
 * @param operations  business operation names, used as request names, in display order
 * @param thresholds  what makes the run fail
 * @param failures    reasons the run failed that the summary cannot see (reconciliation, a dead service, …)
 * @param warmup      what the warm-up did (empty when none)
 * @param scrapes     instants of the server-side scrapes ({@code before}, {@code after}), ISO-8601
 */
public record RunContext(String label, double targetRate, Duration duration, Duration ramp, Duration settle,
        String arrivals, Map<String, Object> parameters, List<String> operations, Thresholds thresholds,
        List<String> failures, Map<String, Object> warmup, Map<String, String> scrapes) {

    /** The parameter that carries run.json's {@code machine.speed.loopbackRoundTripUs}, when it was measured. */
    public static final String MACHINE_LOOPBACK = "machineLoopbackRoundTripUs";
    /** The parameter that carries run.json's {@code machine.speed.systemCallNs}, when it was measured. */
    public static final String MACHINE_SYSTEM_CALL = "machineSystemCallNs";
    /** The parameter that carries run.json's {@code machine.speed.cpuLoopNs}. */
    public static final String MACHINE_CPU_LOOP = "machineCpuLoopNs";
    /** The parameter that carries run.json's {@code machineCpu.run.busyCores}: the machine's busy cores, run phase. */
    public static final String MACHINE_RUN_BUSY_CORES = "machineRunBusyCores";
    /** The parameter that carries run.json's {@code machineCpu.run.stealPct}: the hypervisor's share, run phase. */
    public static final String MACHINE_RUN_STEAL_PCT = "machineRunStealPct";

    /**
     * Limits a run must keep to pass.
     *
     * @param maxErrorPct         failed requests of the measured window, percent
     * @param maxP99Ms            p99 response time of the successful requests of the window, ms; 0 = none
     * @param maxRateShortfallPct arrivals sent short of the planned ones in the window, percent
     */
    public record Thresholds(double maxErrorPct, double maxP99Ms, double maxRateShortfallPct) {
        /** {@code --max-error-pct 1}, no p99 limit, {@code --max-rate-shortfall-pct 1}. */
        public static final Thresholds DEFAULT = new Thresholds(1, 0, 1);
    }

    /** Null collections and durations become empty ones. */
    public RunContext {
        duration = duration == null ? Duration.ZERO : duration;
        ramp = ramp == null ? Duration.ZERO : ramp;
        settle = settle == null ? Duration.ZERO : settle;
        arrivals = arrivals == null ? "constant" : arrivals;
        parameters = parameters == null ? Map.of() : parameters;
        operations = operations == null ? List.of() : List.copyOf(operations);
        thresholds = thresholds == null ? Thresholds.DEFAULT : thresholds;
        failures = failures == null ? List.of() : List.copyOf(failures);
        warmup = warmup == null ? Map.of() : warmup;
        scrapes = scrapes == null ? Map.of() : scrapes;
    }

    /** A context without settle period, with the default thresholds and nothing else known. */
    public RunContext(String label, double targetRate, Duration duration, Duration ramp,
            Map<String, Object> parameters, List<String> operations) {
        this(label, targetRate, duration, ramp, Duration.ZERO, "constant", parameters, operations, Thresholds.DEFAULT,
                List.of(), Map.of(), Map.of());
    }
}
