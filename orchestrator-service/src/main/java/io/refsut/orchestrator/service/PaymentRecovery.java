package io.refsut.orchestrator.service;

import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

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
 * payment at a time; a sweep never overlaps another. Each sweep first settles the {@link UnsettledPayments} older
 * than {@code min-age-ms}: the payments this orchestrator left PENDING itself, the debits it could not restore for
 * payments whose insert failed, and the payments found PENDING at start-up; every payment the sweep finds PENDING and
 * cannot settle yet joins them, so that no debit of this orchestrator trims its id out of the balance meanwhile.
 */
@ApplicationScoped
public class PaymentRecovery {

    /**
     * What one sweep did: payments completed and cancelled, payments left for the next sweep, and debits restored
     * whose payment was absent or already CANCELLED.
     */
    public record Sweep(int completed, int cancelled, int failed, int restored) {

        public Sweep(int completed, int cancelled, int failed) {
            this(completed, cancelled, failed, 0);
        }
    }

    private final PaymentsRestClient payments;
    private final PaymentService paymentService;
    private final UnsettledPayments unsettled;
    private final LateInserts lateInserts;
    private final DownstreamCalls calls;
    private final RecoverySettings settings;
    private final Counter completedCounter;
    private final Counter cancelledCounter;
    private final Counter failedCounter;
    private final Counter restoredCounter;
    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicLong sweeps = new AtomicLong();
    private volatile long timer = -1;

    public PaymentRecovery(PaymentsRestClient payments, PaymentService paymentService,
            UnsettledPayments unsettled, LateInserts lateInserts, DownstreamCalls calls, OrchestratorConfig config,
            MeterRegistry registry) {
        this.payments = payments;
        this.paymentService = paymentService;
        this.unsettled = unsettled;
        this.lateInserts = lateInserts;
        this.calls = calls;
        this.settings = config.recovery();
        this.completedCounter = counter(registry, "completed");
        this.cancelledCounter = counter(registry, "cancelled");
        this.failedCounter = counter(registry, "failed");
        this.restoredCounter = counter(registry, "restored");
    }

    void start(@Observes StartupEvent event, Vertx vertx) {
        if (!settings.enabled()) {
            return;
        }
        Instant startedAt = Instant.now();
        vertx.setTimer(1, id -> rememberPending(startedAt).subscribe().with(
                remembered -> {
                    if (remembered > 0) {
                        Log.infof("recovery sweep: %d payments found PENDING at start-up", remembered);
                    }
                    runQuietly();
                },
                failure -> {
                    Log.warnf("recovery sweep: the payments PENDING at start-up could not be listed: %s",
                            PaymentService.reason(failure));
                    runQuietly();
                }));
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
                    if (result.completed() + result.cancelled() + result.failed() + result.restored() > 0) {
                        Log.infof("recovery sweep: %d PENDING payments completed, %d cancelled, %d left for the next "
                                + "sweep; %d debits of payments absent or cancelled restored", result.completed(),
                                result.cancelled(), result.failed(), result.restored());
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

    /**
     * Remembers the payments PENDING before {@code startedAt} (one page): a crash of this orchestrator may have left
     * them debited, and its debits must not trim their ids before the sweep settles them.
     *
     * @return how many were remembered
     */
    public Uni<Integer> rememberPending(Instant startedAt) {
        CallContext context = new CallContext("recovery-sweep-start", null);
        return calls.query(Dependency.PAYMENTS, () -> payments.list(PaymentService.PENDING, startedAt.toString(),
                settings.pageSize(), context)).map(pending -> {
                    for (Payment payment : pending) {
                        Instant oldEnough = payment.createdAt() == null ? startedAt
                                : payment.createdAt().plusMillis(settings.minAgeMs());
                        unsettled.remember(payment, oldEnough);
                    }
                    return pending.size();
                });
    }

    /** One sweep now (no-op answering zeros when one is already running). */
    public Uni<Sweep> sweep() {
        return sweep(Instant.now());
    }

    /**
     * One sweep as at {@code now}: the remembered payments due by then, and the PENDING payments created before
     * {@code now} less {@code min-age-ms} (tests pass a later instant to reach what is not due yet).
     */
    public Uni<Sweep> sweep(Instant now) {
        if (!running.compareAndSet(false, true)) {
            return Uni.createFrom().item(new Sweep(0, 0, 0));
        }
        CallContext context = new CallContext("recovery-sweep-" + sweeps.incrementAndGet(), null);
        Instant before = now.minusMillis(settings.minAgeMs());
        List<UnsettledPayments.Entry> due = unsettled.due(now);
        Set<UUID> tried = new HashSet<>();
        due.forEach(entry -> tried.add(entry.payment().id()));
        return Multi.createFrom().iterable(due)
                .onItem().transformToUniAndConcatenate(entry -> settleRemembered(entry.payment(), context))
                .collect().asList()
                .flatMap(outcomes -> page(context, before, 0, add(new Sweep(0, 0, 0), outcomes), tried))
                .onTermination().invoke(() -> running.set(false));
    }

    private Uni<Sweep> page(CallContext context, Instant before, int pageIndex, Sweep sofar, Set<UUID> tried) {
        return calls.query(Dependency.PAYMENTS, () -> payments.list(PaymentService.PENDING, before.toString(),
                settings.pageSize(), context))
                .flatMap(pending -> Multi.createFrom().iterable(pending)
                        .onItem().transformToUniAndConcatenate(payment -> tried.add(payment.id())
                                ? settle(payment, context).invoke(outcome -> {
                                    if (outcome.equals("failed")) {
                                        unsettled.remember(payment, Instant.now());
                                    }
                                })
                                : Uni.createFrom().item("tried"))
                        .collect().asList()
                        .flatMap(outcomes -> {
                            Sweep next = add(sofar, outcomes);
                            boolean progress = outcomes.stream()
                                    .anyMatch(o -> o.equals("completed") || o.equals("cancelled"));
                            if (pending.size() < settings.pageSize() || pageIndex + 1 >= settings.maxPages()
                                    || !progress) {
                                return Uni.createFrom().item(next);
                            }
                            return page(context, before, pageIndex + 1, next, tried);
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
                .onItem().invoke(outcome -> {
                    (outcome.equals("completed") ? completedCounter : cancelledCounter).increment();
                    unsettled.forget(payment.id());
                })
                .onFailure().recoverWithItem(e -> {
                    failedCounter.increment();
                    Log.debugf("recovery sweep: payment %s stays PENDING for now: %s", payment.id(),
                            PaymentService.reason(e));
                    return "failed";
                });
    }

    /**
     * A remembered payment as it stands now: PENDING → {@link #settle}; COMPLETED (a client retry completed it) →
     * nothing; CANCELLED or absent (its insert failed) → its debit restored if the balance lists it, the balance
     * fenced if not (a debit still in flight can then never apply).
     */
    private Uni<String> settleRemembered(Payment remembered, CallContext context) {
        return calls.find(Dependency.PAYMENTS, () -> payments.find(remembered.id(), context)).flatMap(found -> {
            if (found.isPresent() && PaymentService.PENDING.equals(found.get().status())) {
                return settle(found.get(), context);
            }
            if (PaymentService.keepsDebit(found)) {
                unsettled.forget(remembered.id());
                return Uni.createFrom().item("settled");
            }
            return paymentService.restoreDebit(remembered.id(), remembered.accountId(), remembered.amountMinor(),
                    context, true, 0).map(restored -> {
                        unsettled.forget(remembered.id());
                        if (restored) {
                            restoredCounter.increment();
                            Log.infof("recovery sweep: debit of payment %s restored to account %s (the payment is "
                                    + "%s)", remembered.id(), remembered.accountId(),
                                    found.isPresent() ? "CANCELLED" : "absent");
                        }
                        return restored ? "restored" : "settled";
                    });
        }).onFailure().recoverWithItem(e -> {
            failedCounter.increment();
            Log.debugf("recovery sweep: payment %s stays unsettled for now: %s", remembered.id(),
                    PaymentService.reason(e));
            return "failed";
        });
    }

    private static Sweep add(Sweep sofar, List<String> outcomes) {
        int completed = sofar.completed();
        int cancelled = sofar.cancelled();
        int failed = sofar.failed();
        int restored = sofar.restored();
        for (String outcome : outcomes) {
            switch (outcome) {
                case "completed" -> completed++;
                case "cancelled" -> cancelled++;
                case "restored" -> restored++;
                case "tried", "settled" -> {
                    // tried already in this sweep as a remembered payment; or settled by someone else
                }
                default -> failed++;
            }
        }
        return new Sweep(completed, cancelled, failed, restored);
    }

    private static Counter counter(MeterRegistry registry, String outcome) {
        return Counter.builder("sut.recovery.payments")
                .description("PENDING payments settled by the recovery sweep, by outcome")
                .tag("outcome", outcome)
                .register(registry);
    }
}
