package io.refsut.orchestrator.service;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.enterprise.context.ApplicationScoped;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.logging.Log;
import io.refsut.orchestrator.client.Account;
import io.refsut.orchestrator.client.AccountsRestClient;
import io.refsut.orchestrator.client.Balance;
import io.refsut.orchestrator.client.BalancesRestClient;
import io.refsut.orchestrator.client.CallContext;
import io.refsut.orchestrator.client.Dependency;
import io.refsut.orchestrator.client.DownstreamCalls;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;

/**
 * Inserts of a failed account creation whose outcome is unknown (a timeout or 5xx: the data service may have
 * applied it, or may still apply it when it resumes — a frozen process answers late), and halves its compensation
 * could not delete (their dependency was down). The creation's compensation deletes what it knows; such an insert can
 * land after that, or such a delete fail, and leave half an account. The recovery sweep calls
 * {@link #cleanUp} on its timer: once an entry is older than {@code minAge}, its document is deleted if it exists
 * while the other half does not (if both exist, a client retry completed the account and nothing is touched); an
 * entry whose dependency cannot be reached is kept for the next sweep, at most {@link #MAX_ATTEMPTS} times.
 * In memory only, at most {@link #MAX_ENTRIES} entries: a crash of the orchestrator loses them (docs/CONTRACT.md).
 */
@ApplicationScoped
public class LateInserts {

    /** Entries kept at most; beyond, new ones are dropped with a warning. */
    static final int MAX_ENTRIES = 10_000;
    /** Sweeps an entry is tried in at most. */
    static final int MAX_ATTEMPTS = 30;

    /** Which half of an account an entry is about. */
    public enum Kind { ACCOUNT, BALANCE }

    private record Key(Kind kind, UUID id) {
    }

    private record Entry(Kind kind, UUID id, long sinceNanos, AtomicInteger attempts) {
    }

    private final ConcurrentHashMap<Key, Entry> entries = new ConcurrentHashMap<>();
    private final AtomicBoolean cleaning = new AtomicBoolean();
    private final AccountsRestClient accounts;
    private final BalancesRestClient balances;
    private final DownstreamCalls calls;
    private final MeterRegistry registry;

    public LateInserts(AccountsRestClient accounts, BalancesRestClient balances,
            DownstreamCalls calls, MeterRegistry registry) {
        this.accounts = accounts;
        this.balances = balances;
        this.calls = calls;
        this.registry = registry;
    }

    /**
     * Remembers that the {@code kind} document of account {@code id} may still be inserted; a half already awaited
     * keeps its entry (an insert of unknown outcome whose delete then failed is one entry, not two).
     */
    void expect(Kind kind, UUID id) {
        Key key = new Key(kind, id);
        if (entries.size() >= MAX_ENTRIES && !entries.containsKey(key)) {
            Log.warnf("%d late inserts already awaited; the %s of account %s is not", MAX_ENTRIES, kind, id);
            return;
        }
        entries.putIfAbsent(key, new Entry(kind, id, System.nanoTime(), new AtomicInteger()));
    }

    /** How many entries wait. */
    public int waiting() {
        return entries.size();
    }

    /**
     * Settles the entries older than {@code minAge}, one at a time; a clean-up never overlaps another (one still
     * running when the next is called, its calls slowed by a struggling dependency, makes the next a no-op).
     *
     * @return how many documents were deleted
     */
    public Uni<Integer> cleanUp(Duration minAge, CallContext context) {
        if (!cleaning.compareAndSet(false, true)) {
            return Uni.createFrom().item(0);
        }
        long now = System.nanoTime();
        List<Entry> due = new ArrayList<>();
        for (Entry entry : entries.values()) {
            if (now - entry.sinceNanos() >= minAge.toNanos()) {
                due.add(entry);
            }
        }
        return Multi.createFrom().iterable(due)
                .onItem().transformToUniAndConcatenate(entry -> settle(entry, context)
                        .onItem().invoke(deleted -> remove(entry, deleted ? "deleted" : "absent"))
                        .onFailure().recoverWithItem(e -> {
                            if (entry.attempts().incrementAndGet() >= MAX_ATTEMPTS) {
                                remove(entry, "given_up");
                                Log.warnf("late %s of account %s: gave up after %d sweeps (%s)", entry.kind(),
                                        entry.id(), MAX_ATTEMPTS, PaymentService.reason(e));
                            }
                            return false;
                        }))
                .collect().asList()
                .map(results -> (int) results.stream().filter(Boolean::booleanValue).count())
                .onTermination().invoke(() -> cleaning.set(false));
    }

    private void remove(Entry entry, String outcome) {
        entries.remove(new Key(entry.kind(), entry.id()), entry);
        Counter.builder("sut.recovery.late.inserts")
                .description("Inserts of failed account creations the recovery sweep checked, by outcome")
                .tag("kind", entry.kind().name().toLowerCase(java.util.Locale.ROOT))
                .tag("outcome", outcome)
                .register(registry).increment();
    }

    /** Deletes the late half if it is there alone; true when it deleted it. */
    private Uni<Boolean> settle(Entry entry, CallContext context) {
        UUID id = entry.id();
        Uni<Optional<Account>> account = calls.find(Dependency.ACCOUNTS, () -> accounts.find(id, context));
        Uni<Optional<Balance>> balance = calls.find(Dependency.BALANCES, () -> balances.find(id, context));
        return Uni.combine().all().unis(account, balance).asTuple().flatMap(found -> {
            boolean hasAccount = found.getItem1().isPresent();
            boolean hasBalance = found.getItem2().isPresent();
            if (hasAccount == hasBalance) {
                return Uni.createFrom().item(false); // nothing, or a whole account (a retry completed it)
            }
            if (entry.kind() == Kind.BALANCE && hasBalance) {
                Log.infof("deleting the balance of account %s, inserted after its creation failed", id);
                return calls.delete(Dependency.BALANCES, () -> balances.delete(id, 0, context)).replaceWith(true);
            }
            if (entry.kind() == Kind.ACCOUNT && hasAccount) {
                Log.infof("deleting account %s, inserted after its creation failed", id);
                String createdAt = String.valueOf(found.getItem1().get().createdAt());
                return calls.delete(Dependency.ACCOUNTS, () -> accounts.delete(id, createdAt, context))
                        .replaceWith(true);
            }
            return Uni.createFrom().item(false);
        });
    }
}
