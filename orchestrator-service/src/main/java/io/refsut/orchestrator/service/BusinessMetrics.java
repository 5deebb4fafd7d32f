package io.refsut.orchestrator.service;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.smallrye.mutiny.Uni;

/** Times business operations ({@code sut.business.operation}) and counts partial transactions. */
@ApplicationScoped
public class BusinessMetrics {

    private final MeterRegistry registry;
    /** Timers by operation and outcome: registered once, not looked up in the registry on every operation. */
    private final Map<String, Timer> timers = new ConcurrentHashMap<>();

    public BusinessMetrics(MeterRegistry registry) {
        this.registry = registry;
        for (Operation operation : Operation.values()) {
            partialCounter(operation);
            compensatedCounter(operation);
        }
    }

    private Counter compensatedCounter(Operation operation) {
        return Counter.builder("sut.transaction.compensated")
                .description("Transactions that failed after a write and whose writes a compensation undid")
                .tag("operation", operation.tag())
                .register(registry);
    }

    /** Runs {@code work} (subscribed lazily) and records its duration with the outcome it had. */
    public <T> Uni<T> timed(Operation operation, Supplier<Uni<T>> work) {
        return Uni.createFrom().deferred(() -> {
            Timer.Sample sample = Timer.start(registry);
            return work.get().onItemOrFailure().invoke((item, failure) -> {
                String outcome = outcome(failure);
                if (outcome.equals("partial_failure")) {
                    partialCounter(operation).increment();
                } else if (outcome.equals("compensated")) {
                    compensatedCounter(operation).increment();
                }
                sample.stop(timer(operation, outcome));
            });
        });
    }

    private Timer timer(Operation operation, String outcome) {
        return timers.computeIfAbsent(operation.tag() + '/' + outcome, key -> Timer.builder("sut.business.operation")
                .description("Duration of a business operation, by outcome")
                .tag("operation", operation.tag())
                .tag("outcome", outcome)
                .publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofNanos(100_000))
                .maximumExpectedValue(Duration.ofSeconds(30))
                .register(registry));
    }

    private Counter partialCounter(Operation operation) {
        return Counter.builder("sut.transaction.partial")
                .description("Transactions that failed after a write had already been made")
                .tag("operation", operation.tag())
                .register(registry);
    }

    private static String outcome(Throwable failure) {
        if (failure == null) {
            return "success";
        }
        if (failure instanceof TransactionFailure tf) {
            if (!tf.partial().isEmpty()) {
                return "partial_failure";
            }
            if (!tf.compensated().isEmpty()) {
                return "compensated";
            }
            return tf.status() < 500 ? "client_error" : "dependency_failure";
        }
        return "dependency_failure";
    }
}
