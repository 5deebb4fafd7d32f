package io.refsut.loadtest.run;

import io.refsut.loadtest.simulation.SimulationParameters.ConnectionMode;
import io.refsut.loadtest.stack.LocalStack;
import io.refsut.loadtest.workload.Distribution;
import io.refsut.loadtest.workload.Mix;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.function.Function;

/**
 * Everything {@code sut run} was asked to do. {@code target} null = start the local stack ({@code stackSettings}
 * gives its settings for a log folder); {@code options} holds every option as given, for run.json.
 */
public record RunSettings(
        Phases phases,
        URI target,
        Map<String, URI> metrics,
        Function<Path, LocalStack.Settings> stackSettings,
        Path resultsDir,
        String label,
        long records,
        long payments,
        int loadConcurrency,
        long initialBalanceMinor,
        String currency,
        double rate,
        Duration duration,
        Duration ramp,
        Measurement measurement,
        Mix mix,
        Distribution distribution,
        double hotDataFraction,
        double hotOperationFraction,
        int docBytes,
        long maxPaymentMinor,
        ConnectionMode connectionMode,
        boolean trustAll,
        Duration requestTimeout,
        double maxErrorPct,
        long maxP99Ms,
        Duration warmup,
        String verifyMode,
        int verifySample,
        String seed,
        String region,
        String zone,
        Map<String, Object> options) {

    /**
     * How the run phase is scheduled and judged: the settle period at full rate between the ramp and the measured
     * window, the arrival process, the injector's cap on requests in flight (0 = none, the open model), and the
     * largest shortfall of the achieved rate (percent of the target) that still passes, the warm-up's bound, the
     * reconciliation's wait before reading again what it did not find, and the ids per lookup of its read-back (0: one
     * GET per record).
     */
    public record Measurement(Duration settle, io.refsut.loadtest.simulation.ArrivalSchedule.Process arrivals,
            int maxInFlight, double maxRateShortfallPct, Duration warmupMax, Duration recheckDelay, int verifyBatch) {
    }

    /** Which phases a command runs. */
    public enum Phases {
        /** {@code sut run}: load, then run. */
        LOAD_AND_RUN,
        /** {@code sut load}: the load phase only (a Kubernetes load Job). */
        LOAD_ONLY,
        /** {@code sut run --skip-load}: the run phase on records an earlier {@code sut load} created. */
        RUN_ONLY
    }

    public boolean local() {
        return target == null;
    }
}
