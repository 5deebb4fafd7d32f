package io.refsut.orchestrator.service;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import io.refsut.orchestrator.client.Account;
import io.refsut.orchestrator.client.AccountsRestClient;
import io.refsut.orchestrator.client.Balance;
import io.refsut.orchestrator.client.BalanceReplace;
import io.refsut.orchestrator.client.BalancesRestClient;
import io.refsut.orchestrator.client.CallContext;
import io.refsut.orchestrator.client.Dependency;
import io.refsut.orchestrator.client.DependencyUnavailableException;
import io.refsut.orchestrator.client.DownstreamCalls;
import io.refsut.orchestrator.client.DownstreamRejectedException;
import io.refsut.orchestrator.client.Payment;
import io.refsut.orchestrator.client.PaymentWrite;
import io.refsut.orchestrator.client.PaymentsRestClient;
import io.refsut.orchestrator.config.OrchestratorConfig;
import io.smallrye.mutiny.Uni;

/** Make and read payment: the payment (service-3), the debit of the balance (service-4) and the audit trail. */
@ApplicationScoped
public class PaymentService {

    /** service-4 keeps at most this many applied payment ids per balance, most recent first. */
    static final int APPLIED_PAYMENTS_KEPT = 16;

    /** Payment states (service-3 {@code status}). */
    public static final String PENDING = "PENDING";
    public static final String COMPLETED = "COMPLETED";
    public static final String CANCELLED = "CANCELLED";

    private final AccountsRestClient accounts;
    private final PaymentsRestClient payments;
    private final BalancesRestClient balances;
    private final AuditTrail audit;
    private final DownstreamCalls calls;
    private final BusinessMetrics metrics;
    private final UnsettledPayments unsettled;
    private final int maxConflictRetries;
    private final long minAgeMs;

    public PaymentService(AccountsRestClient accounts, PaymentsRestClient payments,
            BalancesRestClient balances, AuditTrail audit, DownstreamCalls calls, BusinessMetrics metrics,
            UnsettledPayments unsettled, OrchestratorConfig config) {
        this.accounts = accounts;
        this.payments = payments;
        this.balances = balances;
        this.audit = audit;
        this.calls = calls;
        this.metrics = metrics;
        this.unsettled = unsettled;
        this.maxConflictRetries = config.balance().maxConflictRetries();
        this.minAgeMs = config.recovery().minAgeMs();
    }

    /**
     * s2 find account (exists, ACTIVE, same currency) → (s3 insert payment PENDING ∥ s4 debit balance) → s5 audit →
     * s3 replace payment COMPLETED (conditional on PENDING). A failure after a write is compensated: the debit is
     * restored (by payment id, whichever attempt applied it), then the payment is CANCELLED; a step that cannot be
     * compensated now (its dependency is down) leaves the payment PENDING for the recovery sweep
     * ({@link PaymentRecovery}). See docs/CONTRACT.md, "Payment states".
     */
    public Uni<PaymentMade> make(NewPayment request, CallContext context) {
        UUID paymentId = request.id() != null ? request.id() : UUID.randomUUID();
        return metrics.timed(Operation.MAKE_PAYMENT, () -> calls.find(Dependency.ACCOUNTS,
                () -> accounts.find(request.accountId(), context))
                .onFailure().transform(e -> TransactionFailure.of(e, List.of()))
                .map(found -> payable(found.orElseThrow(() -> TransactionFailure.notFound("account "
                        + request.accountId() + " not found")), request))
                .flatMap(account -> {
                    Uni<Payment> payment = calls.insert(Dependency.PAYMENTS, () -> payments.insert(
                            new PaymentWrite(paymentId, request.accountId(), request.amountMinor(),
                                    request.currency(), request.reference(), request.note(), PENDING, null),
                            context));
                    Uni<Debit> debit = debit(request, paymentId, context, 0);
                    return Uni.combine().all().unis(Leg.of(payment), Leg.of(debit)).asTuple();
                })
                .flatMap(legs -> settle(request, paymentId, legs.getItem1(), legs.getItem2(), context)));
    }

    private Uni<PaymentMade> settle(NewPayment request, UUID paymentId, Leg<Payment> p, Leg<Debit> d,
            CallContext context) {
        Written inserted = new Written("payments", "insert", paymentId);
        Written debited = new Written("balances", "replace", request.accountId());
        if (p.ok() && d.ok()) {
            List<Written> written = d.value().appliedNow() ? List.of(inserted, debited) : List.of(inserted);
            return audit.record("PAYMENT_MADE", paymentId, "accountId=" + request.accountId()
                    + " amountMinor=" + request.amountMinor() + " currency=" + request.currency(), context, written)
                    .onFailure().recoverWithUni(e -> this.<Void>compensate(p.value(), context,
                            TransactionFailure.of(e, written), false))
                    .flatMap(audited -> complete(p.value(), context, written))
                    .map(completed -> new PaymentMade(completed, d.value().balance()));
        }
        if (p.ok()) {
            return compensate(p.value(), context, TransactionFailure.of(d.failure(), List.of(inserted)),
                    unknownOutcome(d.failure()));
        }
        List<Throwable> failures = new ArrayList<>();
        failures.add(p.failure());
        if (!d.ok()) {
            failures.add(d.failure());
        }
        if (!d.ok() && unknownOutcome(d.failure())) {
            return restoreUnknownDebit(request, paymentId, context, isConflict(p.failure()),
                    TransactionFailure.of(failures, List.of()));
        }
        if (!d.ok() || !d.value().appliedNow()) {
            // nothing written by this request (a debit applied by an earlier attempt belongs to that attempt)
            return Uni.createFrom().failure(TransactionFailure.of(failures, List.of()));
        }
        TransactionFailure failure = TransactionFailure.of(failures, List.of(debited));
        if (isConflict(p.failure())) {
            // the payment id exists: a PENDING payment of the same account and amount is an earlier attempt of this
            // one, which our debit now completes (its owner or the sweep marks it COMPLETED); anything else keeps
            // no debit of ours
            return calls.find(Dependency.PAYMENTS, () -> payments.find(paymentId, context))
                    .onFailure().recoverWithItem(Optional.empty())
                    .flatMap(existing -> {
                        boolean earlierAttempt = existing.isPresent() && PENDING.equals(existing.get().status())
                                && request.accountId().equals(existing.get().accountId())
                                && request.amountMinor().equals(existing.get().amountMinor());
                        // the earlier attempt is completed now, not left to the sweep: the sweep, finding it
                        // PENDING without this debit yet, would fence the balance and cancel it, and this debit,
                        // re-reading the fenced balance, could still land in between
                        return earlierAttempt
                                ? complete(existing.get(), context, List.of(debited))
                                        .flatMap(completed -> Uni.createFrom().failure(failure.withNote("the "
                                                + "earlier attempt's PENDING payment is now debited and COMPLETED")))
                                : restoreDebit(paymentId, request.accountId(), request.amountMinor(), context,
                                        false, 0)
                                        .onFailure().invoke(e -> debitLeft(request, paymentId))
                                        .flatMap(restored -> Uni.createFrom().failure(failure.compensatedBy(
                                                List.of(debited), "debit of " + paymentId + " restored")));
                    });
        }
        return restoreDebit(paymentId, request.accountId(), request.amountMinor(), context, false, 0)
                .onFailure().invoke(e -> debitLeft(request, paymentId))
                .onFailure().transform(e -> failure.withNote("the debit could not be restored yet ("
                        + reason(e) + "); the recovery sweep restores it"))
                .flatMap(restored -> Uni.createFrom().failure(failure.compensatedBy(List.of(debited),
                        "debit of " + paymentId + " restored")));
    }

    /**
     * Neither leg known to be written, but this request's debit failed without a definite answer, so it may have been
     * applied, or may still land on a balance that no longer lists the payment: a debit the balance lists is restored
     * behind a fence (so that this debit cannot land after the check) unless a payment keeps it. With no payment (its
     * insert failed) the debit can only be this request's. When the payment exists ({@code paymentExists}: an earlier
     * attempt, the insert answered 409), a PENDING one is settled by the sweep from its balance and a COMPLETED one
     * keeps its debit, but a CANCELLED one must keep none, and the sweep, which lists PENDING payments only, would
     * never see it. When that cannot be done now (a call failed), the sweep does it once the entry is due.
     */
    private <T> Uni<T> restoreUnknownDebit(NewPayment request, UUID paymentId, CallContext context,
            boolean paymentExists, TransactionFailure failure) {
        Uni<Boolean> kept = paymentExists
                ? calls.find(Dependency.PAYMENTS, () -> payments.find(paymentId, context))
                        .map(PaymentService::keepsDebit)
                : Uni.createFrom().item(false);
        return kept.flatMap(keeps -> keeps ? Uni.createFrom().item(false)
                : restoreDebit(paymentId, request.accountId(), request.amountMinor(), context, true, 0))
                .onFailure().invoke(e -> debitLeft(request, paymentId))
                .onFailure().recoverWithItem(false)
                .flatMap(restored -> Uni.createFrom().failure(restored
                        ? failure.compensatedBy(List.of(new Written("balances", "restore", request.accountId())),
                                "a debit of " + (paymentExists ? "the CANCELLED payment " : "") + paymentId
                                        + " that timed out but was applied is restored")
                        : failure));
    }

    /**
     * Whether the payment as found may keep a debit its balance lists: it exists and is not CANCELLED (PENDING, to be
     * settled by the sweep, or COMPLETED). An absent or CANCELLED payment keeps none.
     */
    static boolean keepsDebit(Optional<Payment> found) {
        return found.isPresent() && !CANCELLED.equals(found.get().status());
    }

    /** s3 replace PENDING → COMPLETED; when that fails the payment stays PENDING, debited, for the sweep. */
    private Uni<Payment> complete(Payment payment, CallContext context, List<Written> written) {
        return calls.replace(Dependency.PAYMENTS, () -> payments.replaceIf(payment.id(), PENDING,
                PaymentWrite.withStatus(payment, COMPLETED), context))
                .onFailure(PaymentService::isConflict).recoverWithUni(conflict -> calls.find(Dependency.PAYMENTS,
                        () -> payments.find(payment.id(), context)).flatMap(found -> {
                            if (found.isPresent() && COMPLETED.equals(found.get().status())) {
                                return Uni.createFrom().item(found.get());
                            }
                            // cancelled meanwhile (the recovery sweep found it without its debit): restore the debit
                            TransactionFailure cancelled = new TransactionFailure(409, "payment-cancelled", "payment "
                                    + payment.id() + " was cancelled while it was being made", written);
                            return restoreDebit(payment.id(), payment.accountId(), payment.amountMinor(), context,
                                    false, 0)
                                    .onFailure().invoke(e -> leftPending(payment))
                                    .onFailure().transform(e -> cancelled.withNote("its debit could not be restored "
                                            + "yet (" + reason(e) + "); the recovery sweep restores it"))
                                    .flatMap(restored -> Uni.createFrom().<Payment>failure(cancelled.compensatedBy(
                                            List.of(new Written("balances", "restore", payment.accountId())),
                                            "debit of " + payment.id() + " restored")));
                        }))
                .onFailure(e -> !(e instanceof TransactionFailure)).invoke(e -> leftPending(payment))
                .onFailure(e -> !(e instanceof TransactionFailure)).transform(e -> TransactionFailure.of(e, written)
                        .withNote("payment " + payment.id() + " stays PENDING with its debit; the recovery sweep "
                                + "completes it"));
    }

    /**
     * Undoes a payment whose later step failed: restore its debit if the balance lists it, then s3 replace PENDING →
     * CANCELLED; always ends in a failure, {@code failure} marked compensated, or left partial (PENDING, for the
     * recovery sweep) when a compensating call failed.
     */
    private <T> Uni<T> compensate(Payment payment, CallContext context, TransactionFailure failure, boolean fence) {
        List<Written> undone = List.of(new Written("payments", "cancel", payment.id()));
        return restoreDebit(payment.id(), payment.accountId(), payment.amountMinor(), context, fence, 0)
                .flatMap(restored -> cancel(payment, context).map(cancelled -> restored))
                .onItemOrFailure().transformToUni((restored, e) -> {
                    if (e != null) {
                        leftPending(payment);
                        return Uni.createFrom().failure(failure.withNote("compensation incomplete ("
                                + reason(e) + "): payment " + payment.id()
                                + " stays PENDING; the recovery sweep completes or cancels it"));
                    }
                    List<Written> all = new ArrayList<>(undone);
                    if (restored) {
                        all.add(new Written("balances", "restore", payment.accountId()));
                    }
                    return Uni.createFrom().failure(failure.compensatedBy(all, "payment " + payment.id()
                            + " CANCELLED" + (restored ? ", its debit restored" : ", it was not debited")));
                });
    }

    /** s3 replace PENDING → CANCELLED; a payment already CANCELLED counts as done. */
    Uni<Payment> cancel(Payment payment, CallContext context) {
        return settleAs(payment, CANCELLED, context);
    }

    /** s3 replace PENDING → COMPLETED for the sweep; a payment already COMPLETED counts as done. */
    Uni<Payment> completeRecovered(Payment payment, CallContext context) {
        return settleAs(payment, COMPLETED, context);
    }

    /** s3 replace PENDING → {@code status}; a payment already in {@code status} counts as done, any other fails. */
    private Uni<Payment> settleAs(Payment payment, String status, CallContext context) {
        return calls.replace(Dependency.PAYMENTS, () -> payments.replaceIf(payment.id(), PENDING,
                PaymentWrite.withStatus(payment, status), context))
                .onFailure(PaymentService::isConflict).recoverWithUni(conflict -> calls.find(Dependency.PAYMENTS,
                        () -> payments.find(payment.id(), context)).map(found -> {
                            if (found.isPresent() && status.equals(found.get().status())) {
                                return found.get();
                            }
                            throw new IllegalStateException("payment " + payment.id() + " is "
                                    + found.map(Payment::status).orElse("absent") + ", not PENDING");
                        }));
    }

    /**
     * {@code payment} stays PENDING with a debit that may have been applied: until the sweep settles it, no debit of
     * this orchestrator trims its id out of the balance's applied list. It is due at the sweep's minimum age, as any
     * PENDING payment: a client may still retry it meanwhile, and a retry's debit re-reads a fenced balance and
     * applies, so settling it sooner would race the retry.
     */
    private void leftPending(Payment payment) {
        Instant created = payment.createdAt() != null ? payment.createdAt() : Instant.now();
        unsettled.remember(payment, created.plusMillis(minAgeMs));
    }

    /**
     * A debit of {@code paymentId} that may be applied while its payment is absent (its insert failed) could not be
     * restored (balances was down): the sweep restores it once it is due, unless the payment exists by then.
     */
    private void debitLeft(NewPayment request, UUID paymentId) {
        unsettled.remember(new Payment(paymentId, request.accountId(), request.amountMinor(), request.currency(),
                request.reference(), request.note(), null, null), Instant.now().plusMillis(minAgeMs));
    }

    /**
     * Restores the debit of {@code paymentId} if the balance lists it among its applied payments: amount added back
     * and the id removed, in one replace conditional on the version (re-read on conflict, bounded). With
     * {@code fence}, used when a debit's outcome is unknown (it timed out and may still be in flight), a balance that
     * does not list the payment is replaced unchanged at the next version: a debit still in flight carries the
     * version it read and can then never apply (its conditional replace answers 409), so "not listed" stays true.
     *
     * @return whether a debit was restored (false: the balance does not list the payment)
     */
    Uni<Boolean> restoreDebit(UUID paymentId, UUID accountId, long amountMinor, CallContext context, boolean fence,
            int conflicts) {
        return calls.find(Dependency.BALANCES, () -> balances.find(accountId, context)).flatMap(found -> {
            if (found.isEmpty()) {
                return Uni.createFrom().item(false);
            }
            Balance current = found.get();
            if (!current.applied().contains(paymentId)) {
                if (!fence) {
                    return Uni.createFrom().item(false);
                }
                BalanceReplace same = new BalanceReplace(current.currency(), current.availableMinor(),
                        current.version(), current.applied(), current.note());
                return calls.replace(Dependency.BALANCES, () -> balances.replace(accountId, same, context))
                        .replaceWith(false)
                        .onFailure(PaymentService::isConflict).recoverWithUni(conflict -> retryRestore(paymentId,
                                accountId, amountMinor, context, fence, conflicts));
            }
            List<UUID> applied = current.applied().stream().filter(id -> !id.equals(paymentId)).toList();
            BalanceReplace next = new BalanceReplace(current.currency(), current.availableMinor() + amountMinor,
                    current.version(), applied, current.note());
            return calls.replace(Dependency.BALANCES, () -> balances.replace(accountId, next, context))
                    .replaceWith(true)
                    .onFailure(PaymentService::isConflict).recoverWithUni(conflict -> retryRestore(paymentId,
                            accountId, amountMinor, context, fence, conflicts));
        });
    }

    private Uni<Boolean> retryRestore(UUID paymentId, UUID accountId, long amountMinor, CallContext context,
            boolean fence, int conflicts) {
        if (conflicts >= maxConflictRetries) {
            return Uni.createFrom().failure(new IllegalStateException("balance of account " + accountId
                    + " changed concurrently " + (conflicts + 1) + " times in a row"));
        }
        return restoreDebit(paymentId, accountId, amountMinor, context, fence, conflicts + 1);
    }

    /** Whether a failed call may still have been applied (timeout, 5xx, lost connection): not a business answer. */
    private static boolean unknownOutcome(Throwable e) {
        return e instanceof DependencyUnavailableException;
    }

    /** Whether the balance of {@code accountId} lists {@code paymentId} as applied; empty balance: false. */
    Uni<Boolean> debited(UUID paymentId, UUID accountId, CallContext context) {
        return calls.find(Dependency.BALANCES, () -> balances.find(accountId, context))
                .map(found -> found.isPresent() && found.get().applied().contains(paymentId));
    }

    /** s3 find payment → s2 find account. */
    public Uni<PaymentView> read(UUID id, CallContext context) {
        return metrics.timed(Operation.READ_PAYMENT, () -> calls.find(Dependency.PAYMENTS,
                () -> payments.find(id, context))
                .map(found -> found.orElseThrow(() -> TransactionFailure.notFound("payment " + id + " not found")))
                .flatMap(payment -> calls.find(Dependency.ACCOUNTS,
                        () -> accounts.find(payment.accountId(), context))
                        .map(account -> new PaymentView(payment, account.orElseThrow(() -> TransactionFailure
                                .notFound("account " + payment.accountId() + " of payment " + id + " not found")))))
                .onFailure().transform(e -> TransactionFailure.of(e, List.of())));
    }

    private static Account payable(Account account, NewPayment request) {
        if (!"ACTIVE".equals(account.status())) {
            throw TransactionFailure.unprocessable("account " + account.id() + " is " + account.status()
                    + "; only ACTIVE accounts accept payments");
        }
        if (!account.currency().equals(request.currency())) {
            throw TransactionFailure.unprocessable("account " + account.id() + " is in " + account.currency()
                    + ", the payment in " + request.currency());
        }
        return account;
    }

    /**
     * Read the balance with its version, replace it conditionally on that version; on a version conflict read again,
     * at most {@code sut.balance.max-conflict-retries} times. A balance that already lists the payment id was debited
     * by an earlier attempt (for instance a replace that timed out but was applied) and is not debited again.
     */
    private Uni<Debit> debit(NewPayment request, UUID paymentId, CallContext context, int conflicts) {
        UUID accountId = request.accountId();
        return calls.find(Dependency.BALANCES, () -> balances.find(accountId, context)).flatMap(found -> {
            Balance current = found.orElseThrow(() -> TransactionFailure.notFound("balance of account " + accountId
                    + " not found"));
            if (current.applied().contains(paymentId)) {
                return Uni.createFrom().item(new Debit(current, false));
            }
            if (!current.currency().equals(request.currency())) {
                throw TransactionFailure.unprocessable("balance of account " + accountId + " is in "
                        + current.currency() + ", the payment in " + request.currency());
            }
            List<UUID> applied = new ArrayList<>(APPLIED_PAYMENTS_KEPT);
            applied.add(paymentId);
            // the payments this orchestrator left PENDING keep their ids: the sweep reads them there
            applied.addAll(unsettled.keep(current.applied(), APPLIED_PAYMENTS_KEPT - 1));
            BalanceReplace next = new BalanceReplace(current.currency(),
                    current.availableMinor() - request.amountMinor(), current.version(), applied, current.note());
            return calls.replace(Dependency.BALANCES, () -> balances.replace(accountId, next, context))
                    .map(replaced -> new Debit(replaced, true))
                    .onFailure(PaymentService::isConflict).recoverWithUni(conflict -> {
                        if (conflicts >= maxConflictRetries) {
                            return Uni.createFrom().failure(new TransactionFailure(409, "version-conflict",
                                    "balance of account " + accountId + " changed concurrently " + (conflicts + 1)
                                            + " times in a row; retry the payment with the same id",
                                    List.of()));
                        }
                        return debit(request, paymentId, context, conflicts + 1);
                    });
        });
    }

    /** Why a compensating call failed, for the client's detail. */
    static String reason(Throwable e) {
        if (e instanceof TransactionFailure || e instanceof DependencyUnavailableException
                || e instanceof DownstreamRejectedException) {
            return TransactionFailure.of(e, List.of()).getMessage();
        }
        return e.getMessage();
    }

    /** Whether a data service answered 409 (a conditional write whose condition no longer holds, or a duplicate). */
    static boolean isConflict(Throwable e) {
        return e instanceof DownstreamRejectedException rejected && rejected.status() == 409;
    }

    /** The balance after the debit, and whether this request applied it (false: an earlier attempt had). */
    private record Debit(Balance balance, boolean appliedNow) {
    }
}
