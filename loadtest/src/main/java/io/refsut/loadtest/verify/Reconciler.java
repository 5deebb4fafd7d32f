package io.refsut.loadtest.verify;

import com.fasterxml.jackson.databind.JsonNode;
import io.refsut.loadtest.simulation.AckRecord;
import io.refsut.loadtest.simulation.WriteOutcome;
import io.refsut.loadtest.workload.Operation;
import io.refsut.loadtest.workload.RecordIds;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Read-back verification after a run: every write the injector attempted (or a sample) is classified from what the
 * database holds afterwards, read through the orchestrator's public API: {@code batchSize} ids per lookup request
 * ({@code POST /api/v1/accounts/lookup}, {@code /api/v1/payments/lookup}), each record the lookup could not answer
 * with its own GET; with {@code batchSize} 0 every record with its own GET.
 *
 * <ol>
 * <li>Every payment attempted (any outcome) and every account are read.</li>
 * <li>Whatever an acknowledged or unknown-outcome write should have left but was not found is read again after
 * {@code recheckDelay} ({@code appliedAfterDelay} when it then appears).</li>
 * <li>Payments carry a status (PENDING, COMPLETED, CANCELLED; none on services before the payment states: completed).
 * A payment found PENDING is read again after {@code recheckDelay}, then every 2 s for up to {@code pendingWait} (the
 * orchestrator's recovery sweep settles it), and is {@code pending} if it still is: the run is then not clean. A payment found CANCELLED was compensated: for a
 * failed or unknown-outcome write it is {@code compensated} (its own count, clean); for an acknowledged one it is
 * {@code mismatched}. Otherwise: acknowledged → {@code checked}, {@code missing} or {@code mismatched}; failed (4xx) →
 * {@code rejected} when absent, {@code partial} when found completed; unknown outcome →
 * {@code indeterminateApplied} or {@code indeterminateAbsent}.</li>
 * <li>Balances (whole history only): {@code initial − Σ completed payments found} must equal the stored balance. A
 * difference equal to one non-acknowledged payment's amount makes that payment {@code partial} (completed but not
 * debited, or debited but not completed); any other difference is {@code mismatched} (a completed payment without its
 * debit, a debit without its payment).</li>
 * <li>Owners (whole history only): one of the latest acknowledged updates' (or an unknown-outcome update's); a failed
 * update's owner found is {@code partial}.</li>
 * <li>Records that cannot be read (no 200 or 404 after retries) are {@code unreadable}.</li>
 * </ol>
 */
public final class Reconciler {

    private static final int MAX_EXAMPLES = 12;

    /**
     * What to verify and how to reach it. {@code mode} is {@code full} or {@code sample}; {@code wholeHistory} says
     * the logs hold every write the records ever had (false when other injectors or earlier runs wrote to them too:
     * then balances and owners cannot be judged); {@code recheckDelay} is the wait before the second read.
     */
    public record Settings(String mode, int sampleSize, long records, long initialBalanceMinor, RecordIds ids,
            URI target, HttpClient client, int parallelism, long seed, boolean wholeHistory, Duration recheckDelay,
            int batchSize, Duration pendingWait) {

        /** With {@link #PENDING_WAIT}. */
        public Settings(String mode, int sampleSize, long records, long initialBalanceMinor, RecordIds ids,
                URI target, HttpClient client, int parallelism, long seed, boolean wholeHistory,
                Duration recheckDelay, int batchSize) {
            this(mode, sampleSize, records, initialBalanceMinor, ids, target, client, parallelism, seed, wholeHistory,
                    recheckDelay, batchSize, PENDING_WAIT);
        }

        public Settings {
            if (batchSize < 0 || batchSize > ReadBack.MAX_LOOKUP) {
                throw new IllegalArgumentException("the read-back's batch size must be 0 (one GET per record) to "
                        + ReadBack.MAX_LOOKUP + ": " + batchSize);
            }
        }
    }

    /** Ids per lookup request of the read-back by default: the orchestrator's largest. */
    public static final int DEFAULT_BATCH_SIZE = ReadBack.MAX_LOOKUP;

    /**
     * How long payments still PENDING after the delayed second read are read again (every 2 s) before they count as
     * {@code pending}: above the orchestrator's default recovery-sweep age plus one interval (30 s + 10 s).
     */
    public static final Duration PENDING_WAIT = Duration.ofSeconds(45);

    /** An update attempt on one account. */
    private record Update(String owner, WriteOutcome outcome, long start, long end) {
    }

    /** What the logs say about one account. */
    private static final class AccountLedger {
        WriteOutcome created;
        final List<AckRecord> payments = new ArrayList<>();
        final List<Update> updates = new ArrayList<>();
    }

    private final Settings settings;
    private final ReadBack readBack;
    private final Map<UUID, AccountLedger> ledgers = new HashMap<>();
    private final List<AckRecord> payments = new ArrayList<>();
    private final List<String> examples = Collections.synchronizedList(new ArrayList<>());
    private final Map<UUID, ReadBack.Found> paymentsFound = new ConcurrentHashMap<>();
    private final Map<UUID, ReadBack.Found> accountsFound = new ConcurrentHashMap<>();
    private final Set<UUID> appearedLate = ConcurrentHashMap.newKeySet();
    private long checked;
    private long missing;
    private long mismatched;
    private long unreadable;
    private long rejected;
    private long partial;
    private long pending;
    private long compensated;
    private long indeterminate;
    private long indeterminateApplied;
    private long indeterminateAbsent;
    private long notJudged;

    private Reconciler(Settings settings) {
        this.settings = settings;
        this.readBack = new ReadBack(settings.client(), settings.target());
    }

    /** Verifies the writes recorded in {@code ackLogs} (in the order they were written). */
    public static ReconciliationResult reconcile(Settings settings, List<Path> ackLogs, Consumer<String> console)
            throws IOException {
        Reconciler reconciler = new Reconciler(settings);
        for (Path log : ackLogs) {
            reconciler.readLog(log);
        }
        return reconciler.verify(console);
    }

    private void readLog(Path log) throws IOException {
        if (!Files.exists(log)) {
            return;
        }
        try (Stream<String> lines = Files.lines(log, StandardCharsets.UTF_8)) {
            lines.filter(line -> !line.isBlank()).map(AckRecord::parse).forEach(this::account);
        }
    }

    private void account(AckRecord record) {
        AccountLedger ledger = ledgers.computeIfAbsent(record.accountId(), id -> new AccountLedger());
        if (record.outcome() == WriteOutcome.INDETERMINATE) {
            indeterminate++;
        }
        switch (Operation.fromRequestName(record.operation())) {
            case CREATE_ACCOUNT -> ledger.created = strongest(ledger.created, record.outcome());
            case MAKE_PAYMENT -> {
                ledger.payments.add(record);
                payments.add(record);
            }
            case UPDATE_ACCOUNT -> ledger.updates.add(
                    new Update(record.owner(), record.outcome(), record.startNanos(), record.endNanos()));
            default -> throw new IllegalArgumentException("not a write: " + record.operation());
        }
    }

    private static WriteOutcome strongest(WriteOutcome current, WriteOutcome next) {
        if (current == WriteOutcome.ACKNOWLEDGED || next == WriteOutcome.ACKNOWLEDGED) {
            return WriteOutcome.ACKNOWLEDGED;
        }
        return current == WriteOutcome.INDETERMINATE || next == WriteOutcome.INDETERMINATE
                ? WriteOutcome.INDETERMINATE : next;
    }

    private ReconciliationResult verify(Consumer<String> console) {
        List<Long> accountIndices = chooseAccounts();
        List<AckRecord> toRead = choosePayments(accountIndices);
        console.accept("reconciliation (" + settings.mode() + "): reading back " + accountIndices.size()
                + " accounts and " + toRead.size() + " payments" + (settings.batchSize() > 0
                        ? " in lookups of up to " + settings.batchSize() + " ids" : " one GET each"));
        readAll(accountIndices.stream().map(settings.ids()::account).toList(), ACCOUNTS, accountsFound);
        readAll(toRead.stream().map(AckRecord::id).distinct().toList(), PAYMENTS, paymentsFound);

        // a second read, after a delay, of what should be there but was not found
        List<UUID> accountsAgain = accountIndices.stream().map(settings.ids()::account)
                .filter(id -> absent(accountsFound, id) && ledgers.containsKey(id)
                        && ledgers.get(id).created != null && ledgers.get(id).created != WriteOutcome.FAILED)
                .toList();
        List<UUID> paymentsAgain = toRead.stream()
                .filter(p -> p.outcome() != WriteOutcome.FAILED && absent(paymentsFound, p.id())
                        || PENDING.equals(status(paymentsFound, p.id())))
                .map(AckRecord::id).distinct().toList();
        if (!accountsAgain.isEmpty() || !paymentsAgain.isEmpty()) {
            console.accept("reconciliation: " + accountsAgain.size() + " accounts and " + paymentsAgain.size()
                    + " payments not found; reading them again in " + settings.recheckDelay().toSeconds() + " s");
            sleep(settings.recheckDelay());
            reread(accountsAgain, ACCOUNTS, accountsFound);
            reread(paymentsAgain, PAYMENTS, paymentsFound);
        }
        awaitPendingSettled(toRead, console);

        Set<UUID> partialPayments = new LinkedHashSet<>();
        for (Long index : accountIndices) {
            checkAccount(index, partialPayments);
        }
        for (AckRecord payment : toRead) {
            classifyPayment(payment, partialPayments.contains(payment.id()));
        }
        return new ReconciliationResult(settings.mode(), checked, missing, mismatched, unreadable, rejected, partial,
                pending, compensated, indeterminate, indeterminateApplied, indeterminateAbsent, appearedLate.size(), notJudged,
                List.copyOf(examples));
    }

    /** Reads PENDING payments again every 2 s until none is, at most {@code pendingWait}: the sweep settles them. */
    private void awaitPendingSettled(List<AckRecord> toRead, Consumer<String> console) {
        long deadline = System.nanoTime() + settings.pendingWait().toNanos();
        List<UUID> pending = stillPending(toRead);
        if (!pending.isEmpty()) {
            console.accept("reconciliation: " + pending.size() + " payments PENDING; reading them again for up to "
                    + settings.pendingWait().toSeconds() + " s while the orchestrator's recovery sweep settles them");
        }
        while (!pending.isEmpty() && System.nanoTime() < deadline) {
            sleep(Duration.ofNanos(Math.min(2_000_000_000L, Math.max(0, deadline - System.nanoTime()))));
            reread(pending, PAYMENTS, paymentsFound);
            pending = stillPending(toRead);
        }
    }

    private List<UUID> stillPending(List<AckRecord> toRead) {
        return toRead.stream().map(AckRecord::id).distinct()
                .filter(id -> PENDING.equals(status(paymentsFound, id))).toList();
    }

    private List<Long> chooseAccounts() {
        List<Long> indices = new ArrayList<>();
        for (long i = 0; i < settings.records(); i++) {
            indices.add(i);
        }
        if ("full".equals(settings.mode())) {
            return indices;
        }
        Random random = new Random(settings.seed());
        List<Long> touched = new ArrayList<>();
        for (long i = 0; i < settings.records(); i++) {
            AccountLedger ledger = ledgers.get(settings.ids().account(i));
            if (ledger != null && (!ledger.payments.isEmpty() || !ledger.updates.isEmpty())) {
                touched.add(i);
            }
        }
        Collections.shuffle(touched, random);
        Collections.shuffle(indices, random);
        Set<Long> chosen = new LinkedHashSet<>(touched.subList(0, Math.min(touched.size(), settings.sampleSize())));
        for (Long index : indices) {
            if (chosen.size() >= settings.sampleSize() + settings.sampleSize() / 10) {
                break;
            }
            chosen.add(index);
        }
        return new ArrayList<>(chosen);
    }

    /** Full: every payment. Sample: every payment of the chosen accounts (their balances need them) and a sample. */
    private List<AckRecord> choosePayments(List<Long> accountIndices) {
        if ("full".equals(settings.mode())) {
            return payments;
        }
        Set<AckRecord> chosen = new LinkedHashSet<>();
        for (Long index : accountIndices) {
            AccountLedger ledger = ledgers.get(settings.ids().account(index));
            if (ledger != null) {
                chosen.addAll(ledger.payments);
            }
        }
        List<AckRecord> shuffled = new ArrayList<>(payments);
        Collections.shuffle(shuffled, new Random(settings.seed() + 1));
        chosen.addAll(shuffled.subList(0, Math.min(shuffled.size(), settings.sampleSize())));
        return new ArrayList<>(chosen);
    }

    /** How one kind of record is read: alone, or many in one lookup. */
    private record Kind(BiFunction<ReadBack, UUID, ReadBack.Found> single,
            BiFunction<ReadBack, List<UUID>, Map<UUID, ReadBack.Found>> lookup) {
    }

    private static final Kind ACCOUNTS = new Kind(ReadBack::account, ReadBack::accounts);
    private static final Kind PAYMENTS = new Kind(ReadBack::payment, ReadBack::payments);

    /**
     * Reads every id into {@code into}, {@code parallelism} requests at a time: in lookups of {@code batchSize} ids,
     * then alone whatever a lookup did not answer; with {@code batchSize} 0 all alone.
     */
    private void readAll(List<UUID> ids, Kind kind, Map<UUID, ReadBack.Found> into) {
        int batch = Math.max(1, settings.batchSize());
        ExecutorService pool = Executors.newFixedThreadPool(settings.parallelism());
        try {
            List<Future<?>> work = new ArrayList<>();
            for (int from = 0; from < ids.size(); from += batch) {
                List<UUID> chunk = ids.subList(from, Math.min(ids.size(), from + batch));
                work.add(pool.submit(() -> {
                    Map<UUID, ReadBack.Found> found = settings.batchSize() > 0
                            ? kind.lookup().apply(readBack, chunk) : null;
                    for (UUID id : chunk) {
                        ReadBack.Found one = found == null ? null : found.get(id);
                        into.put(id, one != null ? one : kind.single().apply(readBack, id));
                    }
                }));
            }
            for (Future<?> future : work) {
                try {
                    future.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    example("read-back failed: " + e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private void reread(List<UUID> ids, Kind kind, Map<UUID, ReadBack.Found> into) {
        Map<UUID, ReadBack.Found> again = new ConcurrentHashMap<>();
        readAll(ids, kind, again);
        again.forEach((id, found) -> {
            if (found.readable() && !found.absent() && absent(into, id)) {
                appearedLate.add(id);
            }
            into.put(id, found);
        });
    }

    private static boolean absent(Map<UUID, ReadBack.Found> found, UUID id) {
        ReadBack.Found f = found.get(id);
        return f != null && f.absent();
    }

    private static boolean present(Map<UUID, ReadBack.Found> found, UUID id) {
        ReadBack.Found f = found.get(id);
        return f != null && f.readable() && !f.absent();
    }

    private static final String PENDING = "PENDING";
    private static final String CANCELLED = "CANCELLED";

    /** The status of a payment found ({@code COMPLETED} when it has none); null when not found or unreadable. */
    private static String status(Map<UUID, ReadBack.Found> found, UUID id) {
        if (!present(found, id)) {
            return null;
        }
        String status = found.get(id).body().path("payment").path("status").asText("");
        return status.isEmpty() || "null".equals(status) ? "COMPLETED" : status;
    }

    /** Found and COMPLETED: the payment counts against its balance. */
    private static boolean completed(Map<UUID, ReadBack.Found> found, UUID id) {
        return "COMPLETED".equals(status(found, id));
    }

    private void checkAccount(long index, Set<UUID> partialPayments) {
        UUID id = settings.ids().account(index);
        AccountLedger ledger = ledgers.getOrDefault(id, new AccountLedger());
        ReadBack.Found found = accountsFound.get(id);
        if (found == null || !found.readable()) {
            unreadable++;
            example("account " + id + " could not be read: " + (found == null ? "no answer" : found.error()));
            return;
        }
        if (found.absent()) {
            if (ledger.created == WriteOutcome.ACKNOWLEDGED) {
                missing++;
                example("account " + id + " (record " + index + ") was acknowledged but is not found");
            } else if (ledger.created == WriteOutcome.INDETERMINATE) {
                indeterminateAbsent++;
            } else if (ledger.created == WriteOutcome.FAILED) {
                rejected++;
            }
            return;
        }
        if (ledger.created == WriteOutcome.ACKNOWLEDGED) {
            checked++;
        } else if (ledger.created == WriteOutcome.INDETERMINATE) {
            indeterminateApplied++;
        } else if (ledger.created == WriteOutcome.FAILED) {
            partial++;
            example("account " + id + ": its create was answered 4xx but the account exists");
        }
        JsonNode body = found.body();
        String owner = body.path("account").path("owner").asText(null);
        if (!settings.wholeHistory()) {
            // other writers share the records: the account exists and is readable; owners and balances not judged
            checked += ledger.updates.stream().filter(u -> u.outcome() == WriteOutcome.ACKNOWLEDGED).count();
            notJudged += ledger.updates.stream().filter(u -> u.outcome() != WriteOutcome.ACKNOWLEDGED).count();
            return;
        }
        checkBalance(id, ledger, body, partialPayments);
        checkOwner(id, index, ledger, owner);
    }

    private void checkBalance(UUID id, AccountLedger ledger, JsonNode body, Set<UUID> partialPayments) {
        long foundSum = 0;
        for (AckRecord p : ledger.payments) {
            if (completed(paymentsFound, p.id())) {
                foundSum += p.amountMinor();
            } else if (PENDING.equals(status(paymentsFound, p.id()))) {
                notJudged++;
                return; // a payment of this account is still pending (counted apart): its balance cannot be judged
            } else if (!paymentsFound.containsKey(p.id()) || !paymentsFound.get(p.id()).readable()) {
                notJudged++;
                return; // a payment of this account was not read: its balance cannot be judged
            }
        }
        long expected = settings.initialBalanceMinor() - foundSum;
        JsonNode available = body.path("balance").path("availableMinor");
        if (!available.canConvertToLong()) {
            mismatched++;
            example("account " + id + ": no balance");
            return;
        }
        long difference = expected - available.asLong();
        if (difference == 0) {
            return;
        }
        // one non-acknowledged payment explains the difference: completed but not debited (difference < 0), or
        // debited but not completed (difference > 0)
        for (AckRecord p : ledger.payments) {
            boolean stored = completed(paymentsFound, p.id());
            if (p.outcome() != WriteOutcome.ACKNOWLEDGED && p.amountMinor() == Math.abs(difference)
                    && stored == (difference < 0) && partialPayments.add(p.id())) {
                example("payment " + p.id() + " (" + p.outcome() + ", status " + p.status() + "): "
                        + (stored ? "completed but its account was not debited"
                                : "account debited but not completed"));
                return;
            }
        }
        mismatched++;
        example("account " + id + ": balance " + available.asText() + ", expected " + settings.initialBalanceMinor()
                + " - " + foundSum + " (payments found) = " + expected);
    }

    private void checkOwner(UUID id, long index, AccountLedger ledger, String owner) {
        List<Update> acknowledged = ledger.updates.stream().filter(u -> u.outcome() == WriteOutcome.ACKNOWLEDGED)
                .toList();
        Set<String> allowed = new HashSet<>();
        for (Update update : ledger.updates) {
            if (update.outcome() == WriteOutcome.INDETERMINATE) {
                allowed.add(update.owner());
                if (update.owner().equals(owner)) {
                    indeterminateApplied++;
                } else {
                    indeterminateAbsent++;
                }
            } else if (update.outcome() == WriteOutcome.FAILED) {
                if (update.owner().equals(owner)) {
                    partial++;
                    example("account " + id + ": owner '" + owner + "' is from an update answered 4xx");
                } else {
                    rejected++;
                }
            }
        }
        if (acknowledged.isEmpty()) {
            allowed.add("owner-" + index);
        }
        // an acknowledged update is superseded when another acknowledged update was sent after its response arrived
        long latestStart = acknowledged.stream().mapToLong(Update::start).max().orElse(Long.MIN_VALUE);
        for (Update update : acknowledged) {
            if (update.end() >= latestStart) {
                allowed.add(update.owner());
            }
        }
        if (allowed.contains(owner)) {
            checked += acknowledged.size();
        } else {
            mismatched++;
            checked += Math.max(0, acknowledged.size() - 1);
            example("account " + id + ": owner '" + owner + "' is none of the latest acknowledged updates " + allowed);
        }
    }

    private void classifyPayment(AckRecord payment, boolean partialPayment) {
        ReadBack.Found found = paymentsFound.get(payment.id());
        if (found == null || !found.readable()) {
            unreadable++;
            example("payment " + payment.id() + " could not be read: " + (found == null ? "no answer" : found.error()));
            return;
        }
        if (partialPayment) {
            partial++;
            return;
        }
        String status = status(paymentsFound, payment.id());
        if (PENDING.equals(status)) {
            pending++;
            example("payment " + payment.id() + " (" + payment.outcome() + ", status " + payment.status()
                    + ") is still PENDING after the delayed second read");
            return;
        }
        if (CANCELLED.equals(status)) {
            if (payment.outcome() == WriteOutcome.ACKNOWLEDGED) {
                mismatched++;
                example("payment " + payment.id() + " was acknowledged but is CANCELLED");
            } else {
                compensated++;
            }
            return;
        }
        switch (payment.outcome()) {
            case ACKNOWLEDGED -> {
                if (found.absent()) {
                    missing++;
                    example("payment " + payment.id() + " was acknowledged but is not found (also after the delay)");
                    return;
                }
                JsonNode stored = found.body().path("payment");
                String accountId = stored.path("accountId").asText("");
                long amount = stored.path("amountMinor").asLong(-1);
                if (!accountId.equals(payment.accountId().toString()) || amount != payment.amountMinor()) {
                    mismatched++;
                    example("payment " + payment.id() + ": stored account " + accountId + " amount " + amount
                            + ", acknowledged account " + payment.accountId() + " amount " + payment.amountMinor());
                } else {
                    checked++;
                }
            }
            case FAILED -> {
                if (found.absent()) {
                    rejected++;
                } else {
                    partial++;
                    example("payment " + payment.id() + " was answered " + payment.status() + " but is stored");
                }
            }
            case INDETERMINATE -> {
                if (found.absent()) {
                    indeterminateAbsent++;
                } else {
                    indeterminateApplied++;
                }
            }
            default -> throw new IllegalStateException();
        }
    }

    private static void sleep(Duration delay) {
        try {
            Thread.sleep(delay.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void example(String text) {
        synchronized (examples) {
            if (examples.size() < MAX_EXAMPLES) {
                examples.add(text);
            }
        }
    }
}
