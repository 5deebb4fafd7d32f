package io.refsut.loadtest.simulation;

import io.refsut.loadtest.report.Fields;
import io.refsut.loadtest.workload.Distribution;
import io.refsut.loadtest.workload.Mix;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * The parameters the simulations read: system properties {@code sut.*} that the CLI sets before it starts Gatling
 * (so the same classes also run under any other Gatling launcher that sets them).
 */
public record SimulationParameters(
        String target,
        String seed,
        long records,
        long payments,
        long initialBalanceMinor,
        String currency,
        int loadConcurrency,
        long loadRampMillis,
        double rate,
        long durationSeconds,
        long rampSeconds,
        long settleSeconds,
        ArrivalSchedule.Process arrivals,
        int maxInFlight,
        long requestTimeoutMillis,
        Mix mix,
        Distribution distribution,
        double hotDataFraction,
        double hotOperationFraction,
        int docBytes,
        ConnectionMode connectionMode,
        double maxErrorPct,
        long maxP99Ms,
        long maxPaymentMinor,
        String runTag,
        Path ackLog,
        Path requestLog) {

    /** Prefix of every system property the simulations read. */
    public static final String PREFIX = "sut.";

    /** How the injector connects: one shared pool, or a new connection (TLS handshake included) per arrival. */
    public enum ConnectionMode {
        SHARED, PER_USER;

        /** Parses {@code shared} or {@code per-user}. */
        public static ConnectionMode parse(String value) {
            return switch (value.trim().toLowerCase(Locale.ROOT)) {
                case "shared" -> SHARED;
                case "per-user", "per_user" -> PER_USER;
                default -> throw new IllegalArgumentException("unknown connection mode '" + value + "' (shared, per-user)");
            };
        }

        public String label() {
            return this == SHARED ? "shared" : "per-user";
        }
    }

    public SimulationParameters {
        if (records < 2) {
            throw new IllegalArgumentException("--records must be at least 2: " + records);
        }
        if (payments < 0) {
            throw new IllegalArgumentException("--payments must be at least 0: " + payments);
        }
        if (mix.readPayment() > 0 && payments < 1) {
            throw new IllegalArgumentException("a mix with readPayment needs at least one load-phase payment (--payments)");
        }
        if (!(rate > 0)) {
            throw new IllegalArgumentException("--rate must be above 0: " + rate);
        }
        if (durationSeconds < 1 || rampSeconds < 0 || settleSeconds < 0) {
            throw new IllegalArgumentException("--duration must be at least 1 s, --ramp and --settle at least 0 s: "
                    + durationSeconds + " s, " + rampSeconds + " s, " + settleSeconds + " s");
        }
        if (maxInFlight < 0) {
            throw new IllegalArgumentException("--max-in-flight must be at least 0 (0 = unbounded): " + maxInFlight);
        }
        if (loadConcurrency < 1) {
            throw new IllegalArgumentException("--load-concurrency must be at least 1: " + loadConcurrency);
        }
        if (loadRampMillis < 0) {
            // set by the CLI from the warm-up's outcome, not an option: name the system property it arrives in
            throw new IllegalArgumentException(PREFIX + "loadRampMillis must be at least 0: " + loadRampMillis);
        }
        if (runTag == null || runTag.isBlank() || runTag.contains(":")) {
            throw new IllegalArgumentException(PREFIX + "runTag must be non-blank and free of ':': '" + runTag + "'");
        }
        if (maxPaymentMinor < 1) {
            throw new IllegalArgumentException("--max-payment must be at least 1: " + maxPaymentMinor);
        }
    }

    /** Reads the parameters from system properties. */
    public static SimulationParameters fromSystemProperties() {
        return fromProperties(System.getProperties());
    }

    /** Reads the parameters from {@code properties} ({@code sut.*} keys). */
    public static SimulationParameters fromProperties(Properties properties) {
        return new SimulationParameters(
                require(properties, "target"),
                require(properties, "seed"),
                Long.parseLong(require(properties, "records")),
                Long.parseLong(require(properties, "payments")),
                Long.parseLong(require(properties, "initialBalanceMinor")),
                require(properties, "currency"),
                Integer.parseInt(require(properties, "loadConcurrency")),
                Long.parseLong(require(properties, "loadRampMillis")),
                Double.parseDouble(require(properties, "rate")),
                Long.parseLong(require(properties, "durationSeconds")),
                Long.parseLong(require(properties, "rampSeconds")),
                Long.parseLong(require(properties, "settleSeconds")),
                ArrivalSchedule.Process.parse(require(properties, "arrivals")),
                Integer.parseInt(require(properties, "maxInFlight")),
                Long.parseLong(require(properties, "requestTimeoutMillis")),
                Mix.parse(require(properties, "mix")),
                Distribution.parse(require(properties, "distribution")),
                Double.parseDouble(require(properties, "hotDataFraction")),
                Double.parseDouble(require(properties, "hotOperationFraction")),
                Integer.parseInt(require(properties, "docBytes")),
                ConnectionMode.parse(require(properties, "connectionMode")),
                Double.parseDouble(require(properties, "maxErrorPct")),
                Long.parseLong(require(properties, "maxP99Ms")),
                Long.parseLong(require(properties, "maxPaymentMinor")),
                require(properties, "runTag"),
                Path.of(require(properties, "ackLog")),
                Path.of(require(properties, "requestLog")));
    }

    /** These parameters as {@code sut.*} system property entries. */
    public Map<String, String> toProperties() {
        Map<String, Object> values = Fields.ordered("target", target, "seed", seed, "records", records,
                "payments", payments, "initialBalanceMinor", initialBalanceMinor, "currency", currency,
                "loadConcurrency", loadConcurrency, "loadRampMillis", loadRampMillis, "rate", rate,
                "durationSeconds", durationSeconds, "rampSeconds", rampSeconds, "settleSeconds", settleSeconds,
                "arrivals", arrivals.label(), "maxInFlight", maxInFlight, "requestTimeoutMillis", requestTimeoutMillis,
                "mix", mix.describe(), "distribution", distribution.label(), "hotDataFraction", hotDataFraction,
                "hotOperationFraction", hotOperationFraction, "docBytes", docBytes,
                "connectionMode", connectionMode.label(), "maxErrorPct", maxErrorPct, "maxP99Ms", maxP99Ms,
                "maxPaymentMinor", maxPaymentMinor, "runTag", runTag, "ackLog", ackLog, "requestLog", requestLog);
        Map<String, String> map = new LinkedHashMap<>();
        values.forEach((name, value) -> map.put(PREFIX + name, value == null ? null : value.toString()));
        return map;
    }

    /** The same parameters writing acknowledged writes to another file (one per phase). */
    public SimulationParameters withAckLog(Path file) {
        return with(loadRampMillis, file);
    }

    /** The same parameters with the load phase's users started over another ramp (ms). */
    public SimulationParameters withLoadRampMillis(long millis) {
        return with(millis, ackLog);
    }

    private SimulationParameters with(long loadRamp, Path acks) {
        return new SimulationParameters(target, seed, records, payments, initialBalanceMinor, currency, loadConcurrency,
                loadRamp, rate, durationSeconds, rampSeconds, settleSeconds, arrivals, maxInFlight,
                requestTimeoutMillis, mix, distribution, hotDataFraction, hotOperationFraction, docBytes,
                connectionMode, maxErrorPct, maxP99Ms, maxPaymentMinor, runTag, acks, requestLog);
    }

    /** Seconds at the constant rate: the settle period, then the measured duration. */
    public long constantSeconds() {
        return settleSeconds + durationSeconds;
    }

    private static String require(Properties properties, String name) {
        String value = properties.getProperty(PREFIX + name);
        if (value == null) {
            throw new IllegalStateException("system property " + PREFIX + name + " is not set (the simulations are "
                    + "started by './sut run', which sets every sut.* property)");
        }
        return value;
    }
}
