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
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Read-back verification after a run: every acknowledged write (or a sample) is read back through the orchestrator,
 * and every account checked must satisfy {@code initial balance − Σ acknowledged payments = current balance} and
 * show an owner that one of its latest acknowledged (or unknown-outcome) updates set. Accounts touched by a write of
 * unknown outcome are not judged on their balance; they count as indeterminate.
 */
public final class Reconciler {

    private static final int MAX_EXAMPLES = 10;

    /**
     * What to verify and how to reach it. {@code mode} is {@code full} or {@code sample}; {@code wholeHistory} says
     * the logs hold every write the records ever had (false when other injectors or earlier runs wrote to them too:
     * then balances and owners cannot be judged, only that acknowledged writes are readable and intact).
     */
    public record Settings(String mode, int sampleSize, long records, long initialBalanceMinor, RecordIds ids,
            URI target, HttpClient client, int parallelism, long seed, boolean wholeHistory) {
    }

    /** An update attempt on one account. */
    private record Update(String owner, WriteOutcome outcome, long start, long end) {
    }

    /** What the logs say about one account. */
    private static final class AccountLedger {
        boolean created;
        long acknowledgedPaymentsMinor;
        boolean uncertain;
        final List<Update> updates = new ArrayList<>();
    }

    private final Settings settings;
    private final ReadBack readBack;
    private final Map<UUID, AccountLedger> ledgers = new HashMap<>();
    private final List<AckRecord> acknowledgedPayments = new ArrayList<>();
    private final List<String> examples = Collections.synchronizedList(new ArrayList<>());
    private final AtomicLong checked = new AtomicLong();
    private final AtomicLong missing = new AtomicLong();
    private final AtomicLong mismatched = new AtomicLong();
    private final AtomicLong unreadable = new AtomicLong();
    private long uncertainWrites;

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
            uncertainWrites++;
            ledger.uncertain = true;
        }
        switch (Operation.fromRequestName(record.operation())) {
            case CREATE_ACCOUNT -> ledger.created |= record.outcome() == WriteOutcome.ACKNOWLEDGED;
            case MAKE_PAYMENT -> {
                if (record.outcome() == WriteOutcome.ACKNOWLEDGED) {
                    ledger.acknowledgedPaymentsMinor += record.amountMinor();
                    acknowledgedPayments.add(record);
                }
            }
            case UPDATE_ACCOUNT -> ledger.updates.add(
                    new Update(record.owner(), record.outcome(), record.startNanos(), record.endNanos()));
            default -> throw new IllegalArgumentException("not a write: " + record.operation());
        }
    }

    private ReconciliationResult verify(Consumer<String> console) {
        boolean full = "full".equals(settings.mode());
        List<Long> accountIndices = new ArrayList<>();
        for (long i = 0; i < settings.records(); i++) {
            accountIndices.add(i);
        }
        List<AckRecord> payments = new ArrayList<>(acknowledgedPayments);
        if (!full) {
            Random random = new Random(settings.seed());
            List<Long> touched = new ArrayList<>();
            for (long i = 0; i < settings.records(); i++) {
                AccountLedger ledger = ledgers.get(settings.ids().account(i));
                if (ledger != null && (ledger.acknowledgedPaymentsMinor != 0 || !ledger.updates.isEmpty())) {
                    touched.add(i);
                }
            }
            Collections.shuffle(touched, random);
            Collections.shuffle(accountIndices, random);
            Set<Long> chosen = new HashSet<>(touched.subList(0, Math.min(touched.size(), settings.sampleSize())));
            for (Long index : accountIndices) {
                if (chosen.size() >= settings.sampleSize() + settings.sampleSize() / 10) {
                    break;
                }
                chosen.add(index);
            }
            accountIndices = new ArrayList<>(chosen);
            Collections.shuffle(payments, random);
            payments = payments.subList(0, Math.min(payments.size(), settings.sampleSize()));
        }
        console.accept("reconciliation (" + settings.mode() + "): reading back " + accountIndices.size()
                + " accounts and " + payments.size() + " payments");

        ExecutorService pool = Executors.newFixedThreadPool(settings.parallelism());
        try {
            List<Future<?>> work = new ArrayList<>();
            for (Long index : accountIndices) {
                work.add(pool.submit(() -> checkAccount(index)));
            }
            for (AckRecord payment : payments) {
                work.add(pool.submit(() -> checkPayment(payment)));
            }
            for (Future<?> future : work) {
                try {
                    future.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    unreadable.incrementAndGet();
                    example("read-back failed: " + e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        } finally {
            pool.shutdownNow();
        }
        return new ReconciliationResult(settings.mode(), checked.get(), missing.get(), mismatched.get(),
                uncertainWrites + unreadable.get(), unreadable.get(), List.copyOf(examples));
    }

    private void checkAccount(long index) {
        UUID id = settings.ids().account(index);
        AccountLedger ledger = ledgers.getOrDefault(id, new AccountLedger());
        ReadBack.Found found = readBack.account(id);
        if (!found.readable()) {
            unreadable.incrementAndGet();
            example("account " + id + " could not be read: " + found.error());
            return;
        }
        if (found.absent()) {
            if (ledger.created) {
                missing.incrementAndGet();
                example("account " + id + " (record " + index + ") was acknowledged but is not found");
            }
            return;
        }
        if (ledger.created) {
            checked.incrementAndGet();
        }
        if (!settings.wholeHistory()) {
            checked.addAndGet(ledger.updates.stream().filter(u -> u.outcome() == WriteOutcome.ACKNOWLEDGED).count());
            return;
        }
        JsonNode body = found.body();
        if (!ledger.uncertain) {
            long expected = settings.initialBalanceMinor() - ledger.acknowledgedPaymentsMinor;
            JsonNode available = body.path("balance").path("availableMinor");
            if (!available.canConvertToLong() || available.asLong() != expected) {
                mismatched.incrementAndGet();
                example("account " + id + ": balance " + (available.isMissingNode() ? "absent" : available.asText())
                        + ", expected " + settings.initialBalanceMinor() + " - " + ledger.acknowledgedPaymentsMinor
                        + " = " + expected);
            }
        }
        checkOwner(id, index, ledger, body.path("account").path("owner").asText(null));
    }

    private void checkOwner(UUID id, long index, AccountLedger ledger, String owner) {
        List<Update> acknowledged = ledger.updates.stream().filter(u -> u.outcome() == WriteOutcome.ACKNOWLEDGED)
                .toList();
        checked.addAndGet(acknowledged.size());
        Set<String> allowed = new HashSet<>();
        for (Update update : ledger.updates) {
            if (update.outcome() == WriteOutcome.INDETERMINATE) {
                allowed.add(update.owner());
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
        if (!allowed.contains(owner)) {
            mismatched.incrementAndGet();
            example("account " + id + ": owner '" + owner + "' is none of the latest acknowledged updates " + allowed);
        }
    }

    private void checkPayment(AckRecord payment) {
        ReadBack.Found found = readBack.payment(payment.id());
        if (!found.readable()) {
            unreadable.incrementAndGet();
            example("payment " + payment.id() + " could not be read: " + found.error());
            return;
        }
        if (found.absent()) {
            missing.incrementAndGet();
            example("payment " + payment.id() + " was acknowledged but is not found");
            return;
        }
        checked.incrementAndGet();
        JsonNode stored = found.body().path("payment");
        String accountId = stored.path("accountId").asText("");
        long amount = stored.path("amountMinor").asLong(-1);
        if (!accountId.equals(payment.accountId().toString()) || amount != payment.amountMinor()) {
            mismatched.incrementAndGet();
            example("payment " + payment.id() + ": stored account " + accountId + " amount " + amount
                    + ", acknowledged account " + payment.accountId() + " amount " + payment.amountMinor());
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
