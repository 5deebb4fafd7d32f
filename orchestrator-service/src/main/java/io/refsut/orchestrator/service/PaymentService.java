package io.refsut.orchestrator.service;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.rest.client.inject.RestClient;

import io.refsut.orchestrator.client.Account;
import io.refsut.orchestrator.client.AccountsRestClient;
import io.refsut.orchestrator.client.Balance;
import io.refsut.orchestrator.client.BalanceReplace;
import io.refsut.orchestrator.client.BalancesRestClient;
import io.refsut.orchestrator.client.CallContext;
import io.refsut.orchestrator.client.Dependency;
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

    private final AccountsRestClient accounts;
    private final PaymentsRestClient payments;
    private final BalancesRestClient balances;
    private final AuditTrail audit;
    private final DownstreamCalls calls;
    private final BusinessMetrics metrics;
    private final int maxConflictRetries;

    public PaymentService(@RestClient AccountsRestClient accounts, @RestClient PaymentsRestClient payments,
            @RestClient BalancesRestClient balances, AuditTrail audit, DownstreamCalls calls, BusinessMetrics metrics,
            OrchestratorConfig config) {
        this.accounts = accounts;
        this.payments = payments;
        this.balances = balances;
        this.audit = audit;
        this.calls = calls;
        this.metrics = metrics;
        this.maxConflictRetries = config.balance().maxConflictRetries();
    }

    /** s2 find account (exists, ACTIVE, same currency) → (s3 insert payment ∥ s4 debit balance) → s5 audit. */
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
                                    request.currency(), request.reference(), request.note()),
                            context));
                    Uni<Debit> debit = debit(request, paymentId, context, 0);
                    return Uni.combine().all().unis(Leg.of(payment), Leg.of(debit)).asTuple();
                })
                .flatMap(legs -> {
                    Leg<Payment> p = legs.getItem1();
                    Leg<Debit> d = legs.getItem2();
                    List<Written> written = new ArrayList<>();
                    List<Throwable> failures = new ArrayList<>();
                    AccountService.settle(p, new Written("payments", "insert", paymentId), written, failures);
                    if (d.ok()) {
                        if (d.value().appliedNow()) {
                            written.add(new Written("balances", "replace", request.accountId()));
                        }
                    } else {
                        failures.add(d.failure());
                    }
                    if (!failures.isEmpty()) {
                        return Uni.createFrom().failure(TransactionFailure.of(failures, written));
                    }
                    return audit.record("PAYMENT_MADE", paymentId, "accountId=" + request.accountId()
                            + " amountMinor=" + request.amountMinor() + " currency=" + request.currency(), context,
                            written)
                            .map(event -> new PaymentMade(p.value(), d.value().balance()));
                }));
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
            current.applied().stream().limit(APPLIED_PAYMENTS_KEPT - 1).forEach(applied::add);
            BalanceReplace next = new BalanceReplace(current.currency(),
                    current.availableMinor() - request.amountMinor(), current.version(), applied, current.note());
            return calls.replace(Dependency.BALANCES, () -> balances.replace(accountId, next, context))
                    .map(replaced -> new Debit(replaced, true))
                    .onFailure(PaymentService::isVersionConflict).recoverWithUni(conflict -> {
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

    private static boolean isVersionConflict(Throwable e) {
        return e instanceof DownstreamRejectedException rejected && rejected.status() == 409;
    }

    /** The balance after the debit, and whether this request applied it (false: an earlier attempt had). */
    private record Debit(Balance balance, boolean appliedNow) {
    }
}
