package io.refsut.loadtest.reliability;

import com.mongodb.client.model.Filters;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.bson.Document;

/**
 * What a load left in the database, read directly with the driver: acknowledged writes that are missing ({@code lost}),
 * and operations that are half made ({@code inconsistent}): an account without its balance or the reverse, a balance
 * that does not equal its initial amount minus the completed payments of its account (a payment without its debit,
 * a debit without its payment, a double debit), a payment still {@code PENDING}. Payments {@code CANCELLED} by a
 * compensation are counted apart. A payment document without a {@code status} field (services before the payment
 * state machine) counts as completed.
 */
final class ConsistencyCheck {

    /** The findings; {@code examples} holds at most a few lines per kind. */
    record Result(long checkedAccounts, long checkedPayments, long lost, long inconsistent, long pending,
            long compensated, long halfMadeAccounts, long unbalancedAccounts, List<String> examples) {
    }

    private static final int MAX_EXAMPLES = 12;

    /**
     * How long the check waits for the orchestrator's recovery sweep to settle payments left PENDING: the suite runs
     * the orchestrator with {@link ReliabilitySuite#RECOVERY_OPTIONS} (pending for 10 s, a sweep every 2 s), so 30 s
     * is the sweep's age plus several sweeps.
     */
    static final java.time.Duration SWEEP_WAIT = java.time.Duration.ofSeconds(30);

    private ConsistencyCheck() {
    }

    /**
     * Waits (at most {@link #SWEEP_WAIT}) until no payment of the workload's accounts is PENDING and no account of it
     * is half made (the sweep deletes a half that landed after its creation failed, once older than its minimum age),
     * then checks: what is still there after that is a half-made operation the sweep did not settle.
     */
    static Result afterSweep(DatabaseInspector database, Workload workload, java.util.function.Consumer<String> console)
            throws InterruptedException {
        long deadline = System.nanoTime() + SWEEP_WAIT.toNanos();
        long pending = pending(database, workload);
        long halfMade = halfMade(database, workload);
        if (pending + halfMade > 0) {
            console.accept(pending + " payments PENDING and " + halfMade + " accounts half made; waiting up to "
                    + SWEEP_WAIT.toSeconds() + " s for the orchestrator's recovery sweep");
        }
        while (pending + halfMade > 0 && System.nanoTime() < deadline) {
            Thread.sleep(1000);
            pending = pending(database, workload);
            halfMade = halfMade(database, workload);
        }
        return check(database, workload);
    }

    /** Accounts of the workload with an account document and no balance, or the reverse. */
    private static long halfMade(DatabaseInspector database, Workload workload) {
        Set<Object> ids = new HashSet<>(workload.initialBalances.keySet());
        Set<Object> accounts = new HashSet<>();
        database.collection("accounts/accounts").find(Filters.in("_id", ids)).projection(new Document("_id", 1))
                .forEach(d -> accounts.add(d.get("_id")));
        Set<Object> balances = new HashSet<>();
        database.collection("balances/balances").find(Filters.in("_id", ids)).projection(new Document("_id", 1))
                .forEach(d -> balances.add(d.get("_id")));
        Set<Object> either = new HashSet<>(accounts);
        either.addAll(balances);
        accounts.retainAll(balances);
        return either.size() - accounts.size();
    }

    private static long pending(DatabaseInspector database, Workload workload) {
        return database.collection("payments/payments").countDocuments(Filters.and(Filters.eq("status", "PENDING"),
                Filters.in("accountId", workload.initialBalances.keySet())));
    }

    static Result check(DatabaseInspector database, Workload workload) {
        Map<UUID, List<Document>> paymentsByAccount = new HashMap<>();
        Map<UUID, Document> paymentsById = new HashMap<>();
        Set<UUID> accounts = workload.initialBalances.keySet();
        for (Document payment : database.collection("payments/payments").find()) {
            UUID accountId = payment.get("accountId", UUID.class);
            if (accountId != null && accounts.contains(accountId)) {
                paymentsByAccount.computeIfAbsent(accountId, a -> new ArrayList<>()).add(payment);
                paymentsById.put(payment.get("_id", UUID.class), payment);
            }
        }
        List<String> examples = new ArrayList<>();
        long lost = 0;
        long halfMade = 0;
        long unbalanced = 0;
        long pending = 0;
        long compensated = 0;
        for (Document payment : paymentsById.values()) {
            String status = payment.getString("status");
            if ("PENDING".equals(status)) {
                pending++;
                example(examples, "payment " + payment.get("_id") + " still PENDING");
            } else if ("CANCELLED".equals(status)) {
                compensated++;
            }
        }
        for (Workload.PaymentAttempt acknowledged : workload.paymentsAcknowledged.values()) {
            Document stored = paymentsById.get(acknowledged.id());
            if (stored == null || !completed(stored)) {
                lost++;
                example(examples, "acknowledged payment " + acknowledged.id() + (stored == null ? " is missing"
                        : " is " + stored.getString("status")));
            }
        }
        for (Map.Entry<UUID, Long> entry : workload.initialBalances.entrySet()) {
            UUID id = entry.getKey();
            Document account = database.collection("accounts/accounts").find(Filters.eq("_id", id)).first();
            Document balance = database.collection("balances/balances").find(Filters.eq("_id", id)).first();
            boolean acknowledged = workload.accountsAcknowledged.containsKey(id);
            if (acknowledged && (account == null || balance == null)) {
                lost++;
                example(examples, "acknowledged account " + id + " has " + (account == null ? "no account" : "")
                        + (account == null && balance == null ? " and " : "") + (balance == null ? "no balance" : ""));
            } else if ((account == null) != (balance == null)) {
                halfMade++;
                example(examples, "account " + id + " half made: " + (account == null ? "a balance without its "
                        + "account" : "an account without its balance"));
            }
            if (account != null) {
                lost += lostUpdate(examples, id, account.getString("owner"), workload.updates.get(id));
            }
            if (balance == null) {
                continue;
            }
            long completedMinor = 0;
            Set<UUID> completedIds = new HashSet<>();
            for (Document payment : paymentsByAccount.getOrDefault(id, List.of())) {
                if (completed(payment)) {
                    completedMinor += ((Number) payment.get("amountMinor")).longValue();
                    completedIds.add(payment.get("_id", UUID.class));
                }
            }
            long available = ((Number) balance.get("availableMinor")).longValue();
            long expected = entry.getValue() - completedMinor;
            if (available != expected) {
                unbalanced++;
                List<?> applied = balance.getList("appliedPayments", Object.class, List.of());
                Set<Object> appliedSet = new HashSet<>(applied);
                List<UUID> withoutDebit = completedIds.stream().filter(p -> !appliedSet.contains(p)).toList();
                List<String> notCompleted = applied.stream().filter(p -> !completedIds.contains(p))
                        .map(p -> p + " " + (paymentsById.containsKey(p) ? paymentsById.get(p).getString("status")
                                : "absent")).toList();
                example(examples, "account " + id + " balance " + available + " but initial − completed payments = "
                        + expected + " (difference " + (expected - available) + "; completed payments not among "
                        + "the balance's recent applied payments: " + limit(withoutDebit) + "; applied payments "
                        + "not completed: " + limit(notCompleted) + ")");
            }
        }
        long checkedPayments = paymentsById.size();
        return new Result(workload.initialBalances.size(), checkedPayments, lost, halfMade + unbalanced + pending,
                pending, compensated, halfMade, unbalanced, examples);
    }

    /** 1 when an acknowledged update of the account is not what it shows and no later attempt can explain it. */
    private static long lostUpdate(List<String> examples, UUID id, String owner, List<Workload.UpdateAttempt> attempts) {
        if (attempts == null) {
            return 0;
        }
        Workload.UpdateAttempt lastAcknowledged = null;
        for (Workload.UpdateAttempt attempt : attempts) {
            if (attempt.status() / 100 == 2
                    && (lastAcknowledged == null || attempt.startNanos() > lastAcknowledged.startNanos())) {
                lastAcknowledged = attempt;
            }
        }
        if (lastAcknowledged == null) {
            return 0;
        }
        for (Workload.UpdateAttempt attempt : attempts) {
            boolean couldApply = attempt.status() / 100 == 2 || attempt.status() == 0 || attempt.status() >= 500;
            if (couldApply && attempt.endNanos() >= lastAcknowledged.startNanos() && attempt.owner().equals(owner)) {
                return 0;
            }
        }
        example(examples, "account " + id + " shows owner '" + owner + "', not its last acknowledged update '"
                + lastAcknowledged.owner() + "' nor a later attempt");
        return 1;
    }

    private static boolean completed(Document payment) {
        String status = payment.getString("status");
        return status == null || "COMPLETED".equals(status);
    }

    private static String limit(List<?> ids) {
        return ids.size() <= 3 ? ids.toString() : ids.subList(0, 3) + " and " + (ids.size() - 3) + " more";
    }

    private static void example(List<String> examples, String line) {
        if (examples.size() < MAX_EXAMPLES) {
            examples.add(line);
        }
    }
}
