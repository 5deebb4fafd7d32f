package io.refsut.orchestrator.service;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import io.refsut.orchestrator.client.Account;
import io.refsut.orchestrator.client.AccountWrite;
import io.refsut.orchestrator.client.AccountsRestClient;
import io.refsut.orchestrator.client.Balance;
import io.refsut.orchestrator.client.BalanceCreate;
import io.refsut.orchestrator.client.BalancesRestClient;
import io.refsut.orchestrator.client.CallContext;
import io.refsut.orchestrator.client.Dependency;
import io.refsut.orchestrator.client.DependencyUnavailableException;
import io.refsut.orchestrator.client.DownstreamCalls;
import io.refsut.orchestrator.config.OrchestratorConfig;
import io.smallrye.mutiny.Uni;

/** Create, read and update account: the account (service-2), its balance (service-4) and the audit trail. */
@ApplicationScoped
public class AccountService {

    private final AccountsRestClient accounts;
    private final BalancesRestClient balances;
    private final AuditTrail audit;
    private final DownstreamCalls calls;
    private final BusinessMetrics metrics;
    private final LateInserts lateInserts;
    private final int maxConflictRetries;

    public AccountService(AccountsRestClient accounts, BalancesRestClient balances,
            AuditTrail audit, DownstreamCalls calls, BusinessMetrics metrics, LateInserts lateInserts,
            OrchestratorConfig config) {
        this.accounts = accounts;
        this.balances = balances;
        this.audit = audit;
        this.calls = calls;
        this.metrics = metrics;
        this.lateInserts = lateInserts;
        this.maxConflictRetries = config.balance().maxConflictRetries();
    }

    /** s2 insert account ∥ s4 insert balance → s5 insert audit ACCOUNT_CREATED. */
    public Uni<AccountView> create(NewAccount request, CallContext context) {
        UUID id = request.id() != null ? request.id() : UUID.randomUUID();
        AccountStatus status = request.status() != null ? request.status() : AccountStatus.ACTIVE;
        return metrics.timed(Operation.CREATE_ACCOUNT, () -> {
            Uni<Account> account = calls.insert(Dependency.ACCOUNTS, () -> accounts.insert(
                    new AccountWrite(id, request.owner(), request.currency(), status.name(), request.note(), null),
                    context));
            Uni<Balance> balance = calls.insert(Dependency.BALANCES, () -> balances.insert(
                    new BalanceCreate(id, request.currency(), request.initialBalanceMinor()), context));
            return Uni.combine().all().unis(Leg.of(account), Leg.of(balance)).asTuple().flatMap(legs -> {
                Leg<Account> a = legs.getItem1();
                Leg<Balance> b = legs.getItem2();
                List<Written> written = new ArrayList<>();
                List<Throwable> failures = new ArrayList<>();
                settle(a, new Written("accounts", "insert", id), written, failures);
                settle(b, new Written("balances", "insert", id), written, failures);
                if (!failures.isEmpty()) {
                    // an insert that failed without a business answer (timeout, 5xx) may still land later
                    if (!a.ok() && a.failure() instanceof DependencyUnavailableException) {
                        lateInserts.expect(LateInserts.Kind.ACCOUNT, id);
                    }
                    if (!b.ok() && b.failure() instanceof DependencyUnavailableException) {
                        lateInserts.expect(LateInserts.Kind.BALANCE, id);
                    }
                    return undo(id, a.ok() ? a.value() : null, b.ok(), context, TransactionFailure.of(failures, written));
                }
                return audit.record("ACCOUNT_CREATED", id, "initialBalanceMinor=" + request.initialBalanceMinor()
                        + " currency=" + request.currency(), context, written)
                        .onFailure().recoverWithUni(e -> this.<Void>undo(id, a.value(), true, context,
                                TransactionFailure.of(e, written)))
                        .map(event -> new AccountView(a.value(), b.value()));
            });
        });
    }

    /** s2 find account ∥ s4 find balance. */
    public Uni<AccountView> read(UUID id, CallContext context) {
        return metrics.timed(Operation.READ_ACCOUNT, () -> {
            Uni<Optional<Account>> account = calls.find(Dependency.ACCOUNTS,
                    () -> accounts.find(id, context));
            Uni<Optional<Balance>> balance = calls.find(Dependency.BALANCES,
                    () -> balances.find(id, context));
            return Uni.combine().all().unis(account, balance).asTuple()
                    .onFailure().transform(e -> TransactionFailure.of(e, List.of()))
                    .map(found -> new AccountView(
                            found.getItem1().orElseThrow(() -> TransactionFailure.notFound("account " + id
                                    + " not found")),
                            found.getItem2().orElseThrow(() -> TransactionFailure.notFound("balance of account " + id
                                    + " not found"))));
        });
    }

    /**
     * s2 find → s2 replace (conditional on the {@code updatedAt} read) → s5 insert audit ACCOUNT_UPDATED. An update
     * never overwrites another that landed after its read: the replace answers 409 and the update reads again, at
     * most {@code sut.balance.max-conflict-retries} times; so the state its compensation restores is the one it
     * replaced, and a replace that times out but lands late cannot undo a newer update.
     */
    public Uni<UpdatedAccount> update(UUID id, AccountUpdate request, CallContext context) {
        return metrics.timed(Operation.UPDATE_ACCOUNT, () -> replace(id, request, context, 0)
                .flatMap(replaced -> audit.record("ACCOUNT_UPDATED", id, "status=" + replaced.updated().status(),
                        context, List.of(new Written("accounts", "replace", id)))
                        .onFailure().recoverWithUni(e -> this.<Void>restore(replaced.previous(), replaced.updated(),
                                context, TransactionFailure.of(e, List.of(new Written("accounts", "replace", id)))))
                        .map(event -> new UpdatedAccount(replaced.updated()))));
    }

    /** The account as the update read it and as its replace wrote it. */
    private record Replaced(Account previous, Account updated) {
    }

    private Uni<Replaced> replace(UUID id, AccountUpdate request, CallContext context, int conflicts) {
        return calls.find(Dependency.ACCOUNTS, () -> accounts.find(id, context))
                .onFailure().transform(e -> TransactionFailure.of(e, List.of()))
                .flatMap(found -> {
                    Account current = found.orElseThrow(() -> TransactionFailure.notFound("account " + id
                            + " not found"));
                    if (!current.currency().equals(request.currency())) {
                        throw TransactionFailure.unprocessable("account " + id + " is in " + current.currency()
                                + " and its balance with it; the currency cannot change to " + request.currency());
                    }
                    AccountWrite replacement = new AccountWrite(null, request.owner(), request.currency(),
                            request.status().name(), request.note(), current.createdAt());
                    return calls.replace(Dependency.ACCOUNTS, () -> current.updatedAt() == null
                            ? accounts.replace(id, replacement, context)
                            : accounts.replaceIf(id, String.valueOf(current.updatedAt()), replacement, context))
                            .map(updated -> new Replaced(current, updated))
                            .onFailure(PaymentService::isConflict).recoverWithUni(conflict -> {
                                if (conflicts >= maxConflictRetries) {
                                    return Uni.createFrom().failure(new TransactionFailure(409, "updated-at-conflict",
                                            "account " + id + " was updated concurrently " + (conflicts + 1)
                                                    + " times in a row; retry the update", List.of()));
                                }
                                return replace(id, request, context, conflicts + 1);
                            })
                            .onFailure(e -> !(e instanceof TransactionFailure))
                            .transform(e -> TransactionFailure.of(e, List.of()));
                });
    }

    /**
     * Compensation of an update whose audit event failed: the account as it was before, in one replace conditional on
     * the account still being the one this update wrote ({@code updatedAt}); if another update replaced it since,
     * this one no longer shows and nothing is restored. Always ends in {@code failure}, marked compensated, or partial
     * when the restore failed (accounts down).
     */
    private <T> Uni<T> restore(Account previous, Account updated, CallContext context, TransactionFailure failure) {
        UUID id = previous.id();
        AccountWrite before = new AccountWrite(null, previous.owner(), previous.currency(), previous.status(),
                previous.note(), previous.createdAt());
        List<Written> undone = List.of(new Written("accounts", "restore", id));
        return calls.replace(Dependency.ACCOUNTS, () -> accounts.replaceIf(id, String.valueOf(updated.updatedAt()),
                before, context))
                .onItemOrFailure().transformToUni((restored, e) -> {
                    if (e == null) {
                        return Uni.createFrom().failure(failure.compensatedBy(undone, "account " + id
                                + " restored to what it was before the update"));
                    }
                    if (PaymentService.isConflict(e)) {
                        return Uni.createFrom().failure(failure.compensatedBy(List.of(), "account " + id
                                + " was updated again since; this update no longer shows"));
                    }
                    return Uni.createFrom().failure(failure.withNote("the previous account could not be restored ("
                            + PaymentService.reason(e) + ")"));
                });
    }

    /**
     * Compensation of a failed account creation: deletes what this request inserted (the balance only while still at
     * version 0, never debited), so no half of an account remains; always ends in {@code failure}, marked compensated,
     * or partial when a delete failed (its dependency is down) — each delete is tried whatever the other did, and what
     * could not be deleted is left to the recovery sweep ({@link LateInserts}), which deletes a half it finds alone.
     */
    private <T> Uni<T> undo(UUID id, Account inserted, boolean balanceInserted, CallContext context,
            TransactionFailure failure) {
        List<Written> undone = new ArrayList<>();
        // each delete is tried whatever the one before it did; a half whose delete failed is the sweep's
        List<Throwable> failed = new java.util.concurrent.CopyOnWriteArrayList<>();
        Uni<Void> chain = Uni.createFrom().voidItem();
        if (inserted != null) {
            undone.add(new Written("accounts", "delete", id));
            String createdAt = String.valueOf(inserted.createdAt());
            chain = chain.flatMap(v -> orLeaveToSweep(calls.delete(Dependency.ACCOUNTS,
                    () -> accounts.delete(id, createdAt, context)), LateInserts.Kind.ACCOUNT, id, failed));
        }
        if (balanceInserted) {
            undone.add(new Written("balances", "delete", id));
            chain = chain.flatMap(v -> orLeaveToSweep(calls.delete(Dependency.BALANCES,
                    () -> balances.delete(id, 0, context)), LateInserts.Kind.BALANCE, id, failed));
        }
        if (undone.isEmpty()) {
            return Uni.createFrom().failure(failure);
        }
        return chain.flatMap(v -> Uni.createFrom().failure(failed.isEmpty()
                ? failure.compensatedBy(undone, "the half-made account " + id + " was deleted")
                : failure.withNote("compensation incomplete (" + PaymentService.reason(failed.get(0))
                        + "); the recovery sweep deletes a half it finds alone")));
    }

    /** A compensating delete; when it fails, the half goes on the sweep's list and the failure is kept. */
    private Uni<Void> orLeaveToSweep(Uni<?> delete, LateInserts.Kind kind, UUID id, List<Throwable> failed) {
        return delete.replaceWithVoid().onFailure().recoverWithItem(e -> {
            failed.add(e);
            lateInserts.expect(kind, id);
            return null;
        });
    }

    static <T> void settle(Leg<T> leg, Written write, List<Written> written, List<Throwable> failures) {
        if (leg.ok()) {
            written.add(write);
        } else {
            failures.add(leg.failure());
        }
    }
}
