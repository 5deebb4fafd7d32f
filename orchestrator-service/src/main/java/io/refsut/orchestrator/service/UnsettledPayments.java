package io.refsut.orchestrator.service;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.logging.Log;
import io.refsut.orchestrator.client.Payment;

/**
 * Payments left PENDING whose debit may have been applied: those this orchestrator left when a payment's completion
 * or its compensation could not run (their dependency was down), those a sweep found and could not settle yet, and
 * those found PENDING at start-up (a crash of the orchestrator may have left them). A balance keeps only its last
 * {@link PaymentService#APPLIED_PAYMENTS_KEPT} applied payment ids, and the recovery sweep tells a debited payment
 * from one never debited by that list: a debit made by this orchestrator therefore never trims an unsettled id out of
 * it ({@link #keep}), and the sweep settles an entry once it is due ({@link PaymentRecovery}).
 * In memory only, at most {@link #MAX_ENTRIES}; another orchestrator replica's debits do not know these entries
 * (docs/CONTRACT.md).
 */
@ApplicationScoped
public class UnsettledPayments {

    /** Entries kept at most; beyond, new ones are dropped with a warning. */
    static final int MAX_ENTRIES = 10_000;

    /**
     * A payment left PENDING, or the debit of a payment whose insert failed ({@code payment} then carries what the
     * request had), settled by the sweep from {@code due} on; an entry stays until a sweep settles it.
     */
    record Entry(Payment payment, Instant due) {
    }

    private final ConcurrentHashMap<UUID, Entry> entries = new ConcurrentHashMap<>();

    /** Remembers {@code payment} for the sweep to settle from {@code due} on; one remembered already keeps its entry. */
    void remember(Payment payment, Instant due) {
        if (entries.size() >= MAX_ENTRIES && !entries.containsKey(payment.id())) {
            Log.warnf("%d unsettled payments already remembered; payment %s is not", MAX_ENTRIES, payment.id());
            return;
        }
        entries.putIfAbsent(payment.id(), new Entry(payment, due));
    }

    /** Forgets the payment {@code id} (settled). */
    void forget(UUID id) {
        entries.remove(id);
    }

    /** Whether the payment {@code id} is remembered as unsettled. */
    public boolean contains(UUID id) {
        return entries.containsKey(id);
    }

    /** Forgets every entry (tests: each starts with none). */
    public void clear() {
        entries.clear();
    }

    /** The entries due at {@code now}. */
    List<Entry> due(Instant now) {
        List<Entry> due = new ArrayList<>();
        for (Entry entry : entries.values()) {
            if (!entry.due().isAfter(now)) {
                due.add(entry);
            }
        }
        return due;
    }

    /** {@link #keep(List, int, Predicate)} with this orchestrator's unsettled payments. */
    List<UUID> keep(List<UUID> applied, int max) {
        return entries.isEmpty() ? keep(applied, max, id -> false) : keep(applied, max, entries::containsKey);
    }

    /**
     * The first {@code max} of {@code applied} (most recent first), except that an id for which {@code unsettled}
     * holds is kept before any other: older settled ids are dropped in its place. The order stays the list's.
     */
    static List<UUID> keep(List<UUID> applied, int max, Predicate<UUID> unsettled) {
        if (applied.size() <= max) {
            return applied;
        }
        int kept = (int) Math.min(max, applied.stream().filter(unsettled).count());
        int others = max - kept;
        List<UUID> result = new ArrayList<>(max);
        for (UUID id : applied) {
            if (unsettled.test(id)) {
                if (kept-- > 0) {
                    result.add(id);
                }
            } else if (others-- > 0) {
                result.add(id);
            }
        }
        return result;
    }
}
