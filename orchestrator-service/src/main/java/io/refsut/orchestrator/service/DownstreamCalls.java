package io.refsut.orchestrator.service;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.logging.Log;
import io.refsut.orchestrator.client.Dependency;
import io.refsut.orchestrator.client.DownstreamFailureException;
import io.refsut.orchestrator.client.DownstreamRejectedException;
import io.smallrye.mutiny.Uni;

/**
 * Wraps each guarded downstream call: times it ({@code sut.downstream.call}, retries included) and turns every
 * failure that is not a business answer into a {@link DependencyUnavailableException} naming the dependency.
 */
@ApplicationScoped
public class DownstreamCalls {

    private final MeterRegistry registry;

    public DownstreamCalls(MeterRegistry registry) {
        this.registry = registry;
    }

    /** Subscribes to {@code invocation} lazily; {@code call} is {@code find}, {@code insert} or {@code replace}. */
    public <T> Uni<T> call(Dependency dependency, String call, Supplier<Uni<T>> invocation) {
        return Uni.createFrom().deferred(() -> {
            Timer.Sample sample = Timer.start(registry);
            return invocation.get().onItemOrFailure().invoke((item, failure) -> sample.stop(Timer
                    .builder("sut.downstream.call")
                    .description("Duration of a call to a data service as the orchestrator sees it, retries included")
                    .tag("dependency", dependency.label())
                    .tag("call", call)
                    .tag("outcome", outcome(item, failure))
                    .publishPercentileHistogram()
                    .minimumExpectedValue(Duration.ofNanos(50_000))
                    .maximumExpectedValue(Duration.ofSeconds(30))
                    .register(registry)));
        }).onFailure(e -> !(e instanceof DownstreamRejectedException)).transform(e -> unavailable(dependency, call, e));
    }

    private static DependencyUnavailableException unavailable(Dependency dependency, String call, Throwable e) {
        String reason;
        if (e instanceof TimeoutException) {
            reason = "no answer within the timeout";
        } else if (e instanceof CircuitBreakerOpenException) {
            reason = "circuit breaker open after repeated failures";
        } else if (e instanceof BulkheadException) {
            reason = "too many concurrent calls (bulkhead full)";
        } else if (e instanceof DownstreamFailureException failure) {
            reason = failure.getMessage();
        } else {
            reason = e.getClass().getSimpleName();
        }
        Log.warnf("%s %s failed: %s", dependency.label(), call, reason);
        return new DependencyUnavailableException(dependency, reason, e);
    }

    private static String outcome(Object item, Throwable failure) {
        if (failure == null) {
            return item instanceof Optional<?> optional && optional.isEmpty() ? "not_found" : "success";
        }
        if (failure instanceof DownstreamRejectedException rejected) {
            return switch (rejected.status()) {
                case 404 -> "not_found";
                case 409 -> "conflict";
                default -> "client_error";
            };
        }
        return "failure";
    }
}
