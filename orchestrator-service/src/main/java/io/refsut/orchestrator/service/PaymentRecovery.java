package io.refsut.orchestrator.service;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.eclipse.microprofile.rest.client.inject.RestClient;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.logging.Log;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.refsut.orchestrator.client.CallContext;
import io.refsut.orchestrator.client.Dependency;
import io.refsut.orchestrator.client.DownstreamCalls;
import io.refsut.orchestrator.client.Payment;
import io.refsut.orchestrator.client.PaymentsRestClient;
import io.refsut.orchestrator.config.OrchestratorConfig;
import io.refsut.orchestrator.config.OrchestratorConfig.RecoverySettings;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;

/**
 * The bounded recovery sweep: payments still PENDING after {@code sut.recovery.min-age-ms} were left by a crash of
 * the orchestrator between the steps of a payment, or by a compensation whose dependency was down. Each is settled
 * from the balance of its account: if the balance lists the payment id among its applied payments the debit happened
 * and the payment becomes COMPLETED, otherwise it becomes CANCELLED, after the balance is fenced (replaced unchanged
 * at its next version, so that a debit still in flight from the crashed or timed-out attempt can never apply; should
 * it have landed meanwhile, it is restored). The payment's change is one replace conditional on it still being
 * PENDING. Runs at start-up and every
 * {@code sut.recovery.interval-ms}, at most {@code max-pages} pages of {@code page-size} payments per sweep, one
 * payment at a time; a sweep never overlaps another.
 */
@ApplicationScoped
public class PaymentRecovery {

    /** What one sweep did. */
    public record Sweep(int completed, int cancelled, int failed) {
    }

    private final PaymentsRestClient payments;
    private final PaymentService paymentService;
    private final LateInserts lateInserts;
    private final DownstreamCalls calls;
    private final RecoverySettings settings;
    private final Counter completedCounter;
    private final Counter cancelledCounter;
    private final Counter failedCounter;
    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicLong sweeps = new AtomicLong();
    private volatile long timer = -1;

    public PaymentRecovery(@RestClient PaymentsRestClient payments, PaymentService paymentService,
            LateInserts lateInserts, DownstreamCalls calls, OrchestratorConfig config, MeterRegistry registry) {
        this.payments = payments;
        this.paymentService = paymentService;
        this.lateInserts = lateInserts;
        this.calls = calls;
        this.settings = config.recovery();
        this.completedCounter = counter(registry, "completed");
        this.cancelledCounter = counter(registry, "cancelled");
        this.failedCounter = counter(registry, "failed");
    }

    void start(@Observes StartupEvent event, Vertx vertx) {
        if (!settings.enabled()) {
            return;
        }
        vertx.setTimer(1, id -> runQuietly());
        timer = vertx.setPeriodic(settings.intervalMs(), id -> runQuietly());
    }

    void stop(@Observes ShutdownEvent event, Vertx vertx) {
        if (timer >= 0) {
            vertx.cancelTimer(timer);
        }
    }

    private void runQuietly() {
        sweep().subscribe().with(
                result -> {
                    if (result.completed() + result.cancelled() + result.failed() > 0) {
                        Log.infof("recovery sweep: %d PENDING payments completed, %d cancelled, %d left for the next "
                                + "sweep", result.completed(), result.cancelled(), result.failed());
                    }
                },
                failure -> Log.warnf("recovery sweep could not run: %s", PaymentService.reason(failure)));
        if (lateInserts.waiting() > 0) {
            lateInserts.cleanUp(java.time.Duration.ofMillis(settings.minAgeMs()),
                    new CallContext("recovery-sweep-late-inserts", null)).subscribe().with(
                            deleted -> {
                                if (deleted > 0) {
                                    Log.infof("recovery sweep: %d half-made account documents deleted", deleted);
                                }
                            },
                            failure -> Log.warnf("late-insert clean-up could not run: %s",
                                    PaymentService.reason(failure)));
        }
    }

    /** One sweep now (no-op answering zeros when one is already running). */
    public Uni<Sweep> sweep() {
        if (!running.compareAndSet(false, true)) {
            return Uni.createFrom().item(new Sweep(0, 0, 0));
        }
        CallContext context = new CallContext("recovery-sweep-" + sweeps.incrementAndGet(), null);
        Instant before = Instant.now().minusMillis(settings.minAgeMs());
        return page(context, before, 0, new Sweep(0, 0, 0))
                .onTermination().invoke(() -> running.set(false));
    }

    private Uni<Sweep> page(CallContext context, Instant before, int pageIndex, Sweep sofar) {
        return calls.query(Dependency.PAYMENTS, () -> payments.list(PaymentService.PENDING, before.toString(),
                settings.pageSize(), context))
                .flatMap(pending -> Multi.createFrom().iterable(pending)
                        .onItem().transformToUniAndConcatenate(payment -> settle(payment, context))
                        .collect().asList()
                        .flatMap(outcomes -> {
                            Sweep next = add(sofar, outcomes);
                            boolean progress = outcomes.stream().anyMatch(o -> !o.equals("failed"));
                            if (pending.size() < settings.pageSize() || pageIndex + 1 >= settings.maxPages()
                                    || !progress) {
                                return Uni.createFrom().item(next);
                            }
                            return page(context, before, pageIndex + 1, next);
                        }));
    }

    /** COMPLETED if the balance lists the debit, else CANCELLED; "failed" leaves it for the next sweep. */
    private Uni<String> settle(Payment payment, CallContext context) {
        return paymentService.debited(payment.id(), payment.accountId(), context)
                .flatMap(debited -> debited
                        ? paymentService.completeRecovered(payment, context).map(done -> "completed")
                        : paymentService.restoreDebit(payment.id(), payment.accountId(), payment.amountMinor(),
                                context, true, 0)
                                .flatMap(restored -> paymentService.cancel(payment, context))
                                .map(done -> "cancelled"))
                .onItem().invoke(outcome -> (outcome.equals("completed") ? completedCounter : cancelledCounter)
                        .increment())
                .onFailure().recoverWithItem(e -> {
                    failedCounter.increment();
                    Log.debugf("recovery sweep: payment %s stays PENDING for now: %s", payment.id(),
                            PaymentService.reason(e));
                    return "failed";
                });
    }

    private static Sweep add(Sweep sofar, List<String> outcomes) {
        int completed = sofar.completed();
        int cancelled = sofar.cancelled();
        int failed = sofar.failed();
        for (String outcome : outcomes) {
            switch (outcome) {
                case "completed" -> completed++;
                case "cancelled" -> cancelled++;
                default -> failed++;
            }
        }
        return new Sweep(completed, cancelled, failed);
    }

    private static Counter counter(MeterRegistry registry, String outcome) {
        return Counter.builder("sut.recovery.payments")
                .description("PENDING payments settled by the recovery sweep, by outcome")
                .tag("outcome", outcome)
                .register(registry);
    }
}
