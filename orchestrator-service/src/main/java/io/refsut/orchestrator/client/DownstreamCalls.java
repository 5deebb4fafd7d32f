package io.refsut.orchestrator.client;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.util.TypeLiteral;

import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.logging.Log;
import io.refsut.orchestrator.config.OrchestratorConfig;
import io.refsut.orchestrator.config.OrchestratorConfig.DownstreamSettings;
import io.smallrye.faulttolerance.api.Guard;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.Cancellable;
import io.vertx.core.Vertx;

/**
 * The one way the orchestrator calls a data service. A caller passes the call of a per-service REST contract
 * ({@code AccountsRestClient} …); every call then goes through the same steps:
 * <ol>
 * <li>error mapping: a 4xx answer becomes a {@link DownstreamRejectedException} (a business answer: a success for the
 * breaker, never retried; a 404 on a find is an empty result), anything else a {@link DownstreamFailureException};</li>
 * <li>the fault-tolerance guard of that dependency and call type ({@code accounts-find}, {@code balances-replace} …):
 * timeout, circuit breaker and bulkhead, and for finds a retry after a failure (not after a timeout), with the values
 * of {@code sut.downstream.<dependency>.*}. It is two SmallRye guards with the timeout between them, in SmallRye's own
 * order: retry and breaker outside, the timeout of each attempt (its wait for a bulkhead slot included), the bulkhead
 * inside. The timeout is a Vert.x timer on the calling event loop, where SmallRye's would wake its timer thread for
 * every call (docs/performance.md, "Cut: the timer thread of every downstream call");</li>
 * <li>the timer {@code sut.downstream.call} around the guarded call, retries included;</li>
 * <li>every failure that is not a business answer becomes a {@link DependencyUnavailableException} naming the
 * dependency and the reason (timeout, breaker open, bulkhead full, the HTTP status or connection failure).</li>
 * </ol>
 */
@ApplicationScoped
public class DownstreamCalls {

    /** Random extra delay before a find retry, so that retries of concurrent calls do not line up. */
    static final long RETRY_JITTER_MS = 10;

    private static final TypeLiteral<Uni<Object>> UNI = new TypeLiteral<>() {
    };

    private final MeterRegistry registry;
    private final Vertx vertx;
    private final OrchestratorConfig config;
    private final Map<String, Policy> policies = new ConcurrentHashMap<>();
    /** Timers by dependency, call and outcome: registered once, not looked up in the registry on every call. */
    private final Map<TimerKey, Timer> timers = new ConcurrentHashMap<>();

    public DownstreamCalls(MeterRegistry registry, Vertx vertx, OrchestratorConfig config) {
        this.registry = registry;
        this.vertx = vertx;
        this.config = config;
    }

    /** GET of one document; empty when the service answers 404. Retried after a failure. */
    public <T> Uni<Optional<T>> find(Dependency dependency, Supplier<Uni<T>> request) {
        return call(dependency, "find", () -> request.get().map(Optional::of)
                .onFailure(DownstreamErrors::isNotFound).recoverWithItem(Optional.<T>empty())
                .onFailure().transform(e -> DownstreamErrors.map(dependency, e)));
    }

    /**
     * POST of a new document; never retried: a 409 after a retry could not tell the first attempt's document from
     * someone else's (orchestrator-service/README.md).
     */
    public <T> Uni<T> insert(Dependency dependency, Supplier<Uni<T>> request) {
        return call(dependency, "insert", mapped(dependency, request));
    }

    /** PUT of a whole document; never retried here (the balance debit resolves its version conflicts itself). */
    public <T> Uni<T> replace(Dependency dependency, Supplier<Uni<T>> request) {
        return call(dependency, "replace", mapped(dependency, request));
    }

    /** DELETE of one document (compensations only); never retried here, a compensation decides itself. */
    public <T> Uni<T> delete(Dependency dependency, Supplier<Uni<T>> request) {
        return call(dependency, "delete", mapped(dependency, request));
    }

    /** GET of a bounded list of documents (the recovery sweep); not retried, the sweep runs again. */
    public <T> Uni<T> query(Dependency dependency, Supplier<Uni<T>> request) {
        return call(dependency, "query", mapped(dependency, request));
    }

    private static <T> Supplier<Uni<T>> mapped(Dependency dependency, Supplier<Uni<T>> request) {
        return () -> request.get().onFailure().transform(e -> DownstreamErrors.map(dependency, e));
    }

    private <T> Uni<T> call(Dependency dependency, String call, Supplier<Uni<T>> attempt) {
        Policy policy = policies.computeIfAbsent(dependency.label() + "-" + call, name -> policy(dependency, name,
                call.equals("find")));
        return Uni.createFrom().deferred(() -> {
            Timer.Sample sample = Timer.start(registry);
            return guarded(policy, attempt).onItemOrFailure().invoke((item, failure) -> sample.stop(
                    timer(dependency, call, outcome(item, failure))));
        }).onFailure(e -> !(e instanceof DownstreamRejectedException)).transform(e -> unavailable(dependency, call, e));
    }

    private Timer timer(Dependency dependency, String call, String outcome) {
        return timers.computeIfAbsent(new TimerKey(dependency, call, outcome), key -> Timer
                .builder("sut.downstream.call")
                .description("Duration of a call to a data service as the orchestrator sees it, retries included")
                .tag("dependency", dependency.label())
                .tag("call", call)
                .tag("outcome", outcome)
                .publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofNanos(50_000))
                .maximumExpectedValue(Duration.ofSeconds(30))
                .register(registry));
    }

    /**
     * The policy of one call type of one dependency; {@code name} names its breaker and its {@code ft_*} metrics (the
     * bulkhead's: {@code name-bulkhead}).
     */
    private Policy policy(Dependency dependency, String name, boolean retried) {
        DownstreamSettings policy = config.downstream(dependency.label());
        Guard.Builder outer = Guard.create()
                .withDescription(name)
                .withThreadOffload(false)
                .withCircuitBreaker().name(name)
                .requestVolumeThreshold(policy.breakerRequestVolume())
                .failureRatio(policy.breakerFailureRatio())
                .delay(policy.breakerDelayMs(), ChronoUnit.MILLIS)
                .successThreshold(policy.breakerSuccessThreshold())
                .skipOn(DownstreamRejectedException.class).done();
        if (retried && policy.findRetries() > 0) {
            // a timeout is not retried: more load does not help a slow database
            outer.withRetry().maxRetries(policy.findRetries())
                    .delay(policy.retryDelayMs(), ChronoUnit.MILLIS)
                    .jitter(RETRY_JITTER_MS, ChronoUnit.MILLIS)
                    .retryOn(DownstreamFailureException.class).done();
        }
        Guard bulkhead = Guard.create()
                .withDescription(name + "-bulkhead")
                .withThreadOffload(false)
                .withBulkhead().limit(policy.bulkhead()).queueSize(policy.bulkheadQueue()).done()
                .build();
        return new Policy(outer.build(), policy.timeoutMs(), bulkhead);
    }

    /** One call type's guards: retry and breaker, then the timeout of each attempt, then the bulkhead. */
    private record Policy(Guard outer, long timeoutMs, Guard bulkhead) {
    }

    private <T> Uni<T> guarded(Policy policy, Supplier<Uni<T>> attempt) {
        return guarded(policy.outer(), () -> within(vertx, policy.timeoutMs(), () -> guarded(policy.bulkhead(),
                attempt)));
    }

    @SuppressWarnings({ "unchecked", "rawtypes" })
    private static <T> Uni<T> guarded(Guard guard, Supplier<Uni<T>> attempt) {
        return (Uni<T>) guard.get((Supplier) attempt, UNI);
    }

    /**
     * The call's item or failure, or a {@link TimeoutException} when it has given neither after {@code timeoutMs}.
     * The timer is a Vert.x timer: on the event loop that makes the call, scheduled and cancelled without waking
     * another thread. The timed-out call is not cancelled, as SmallRye's timeout did not: the REST client's read
     * timeout, a little longer, ends its HTTP exchange.
     */
    static <T> Uni<T> within(Vertx vertx, long timeoutMs, Supplier<Uni<T>> call) {
        return Uni.createFrom().emitter(emitter -> {
            AtomicBoolean settled = new AtomicBoolean();
            long timer = vertx.setTimer(timeoutMs, id -> {
                if (settled.compareAndSet(false, true)) {
                    emitter.fail(new TimeoutException("no answer within " + timeoutMs + " ms"));
                }
            });
            Cancellable upstream = call.get().subscribe().with(item -> {
                if (settled.compareAndSet(false, true)) {
                    vertx.cancelTimer(timer);
                    emitter.complete(item);
                }
            }, failure -> {
                if (settled.compareAndSet(false, true)) {
                    vertx.cancelTimer(timer);
                    emitter.fail(failure);
                }
            });
            emitter.onTermination(() -> {
                if (settled.compareAndSet(false, true)) { // cancelled by the subscriber
                    vertx.cancelTimer(timer);
                    upstream.cancel();
                }
            });
        });
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

    /** A timer's tags; a record rather than a joined string, as it is built on every call. */
    private record TimerKey(Dependency dependency, String call, String outcome) {
    }

    private static String outcome(Object item, Throwable failure) {
        if (failure == null) {
            return item instanceof Optional<?> optional && optional.isEmpty() ? "not_found" : "success";
        }
        if (failure instanceof TimeoutException) {
            return "timeout";
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
