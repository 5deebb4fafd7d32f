package io.refsut.loadtest.report;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Everything the summary needs to know about the run that is not in simulation.log.
 *
 * @param label      the run's label (the results folder's suffix)
 * @param targetRate planned arrivals per second after the ramp
 * @param duration   length of the constant-rate phase (after the ramp)
 * @param ramp       length of the linear ramp from 0 to {@code targetRate} before it ({@link Duration#ZERO} for none)
 * @param parameters every run parameter, copied into summary.json
 * @param operations business operation names, used as Gatling request names, in display order
 */
public record RunContext(String label, double targetRate, Duration duration, Duration ramp,
        Map<String, Object> parameters, List<String> operations) {

    /** Null collections and durations become empty ones. */
    public RunContext {
        duration = duration == null ? Duration.ZERO : duration;
        ramp = ramp == null ? Duration.ZERO : ramp;
        parameters = parameters == null ? Map.of() : parameters;
        operations = operations == null ? List.of() : List.copyOf(operations);
    }
}
