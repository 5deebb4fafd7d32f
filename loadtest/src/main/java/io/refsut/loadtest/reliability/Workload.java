package io.refsut.loadtest.reliability;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BiConsumer;

/**
 * The business operations the reliability load sends through the public API, and what their answers said: which
 * writes were acknowledged (2xx), refused (4xx) or of unknown outcome (5xx, no answer). Mix: 40 % make payment,
 * 25 % read account, 10 % read payment, 15 % update account, 10 % create account, over accounts seeded at the
 * start. A payment that got no definite answer is sent once more with the same ids (a client retry), which must
 * never debit twice.
 */
final class Workload {

    /** One request to send and what to do with its answer (status 0 = none, body null then). */
    record Call(String operation, HttpRequest.Builder request, BiConsumer<Integer, String> onAnswer) {
    }

    /** A payment the load asked for. */
    record PaymentAttempt(UUID id, UUID accountId, long amountMinor) {
    }

    /** An update attempt: the owner it set, when it started (nanoTime), its answer's status (0 = none). */
    record UpdateAttempt(String owner, long startNanos, long endNanos, int status) {
    }

    static final long INITIAL_BALANCE_MINOR = 1_000_000;

    private final String target;
    private final Random random;
    private final List<UUID> accounts = new CopyOnWriteArrayList<>();
    /** Every account the load created or tried to create, with its initial balance. */
    final Map<UUID, Long> initialBalances = new ConcurrentHashMap<>();
    final Map<UUID, Boolean> accountsAcknowledged = new ConcurrentHashMap<>();
    final Map<UUID, PaymentAttempt> paymentsAcknowledged = new ConcurrentHashMap<>();
    final Map<UUID, PaymentAttempt> paymentsUncertain = new ConcurrentHashMap<>();
    final Map<UUID, PaymentAttempt> paymentsRefused = new ConcurrentHashMap<>();
    final Map<UUID, List<UpdateAttempt>> updates = new ConcurrentHashMap<>();
    private final List<UUID> readablePayments = new CopyOnWriteArrayList<>();
    private final Queue<PaymentAttempt> retries = new ConcurrentLinkedQueue<>();
    private long sequence;

    Workload(String target, long seed) {
        this.target = target;
        this.random = new Random(seed);
    }

    /** Creates {@code count} accounts through the public API before the load starts. */
    void seed(HttpClient client, int count) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                futures.add(pool.submit(() -> {
                    UUID id = createWithRetries(client, "seed");
                    initialBalances.put(id, INITIAL_BALANCE_MINOR);
                    accountsAcknowledged.put(id, true);
                    accounts.add(id);
                    return null;
                }));
            }
            for (Future<?> future : futures) {
                future.get();
            }
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("cannot seed the accounts: " + e.getCause().getMessage(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Creates an account through the public API, trying up to 10 fresh ids while the stack answers 5xx (a cold JVM on
     * a busy machine can miss the first timeouts); returns the id created.
     */
    UUID createWithRetries(HttpClient client, String owner) throws IOException, InterruptedException {
        String last = "";
        for (int attempt = 0; attempt < 10; attempt++) {
            UUID id = UUID.randomUUID();
            HttpResponse<String> response;
            try {
                response = client.send(createAccount(id, owner).build(), HttpResponse.BodyHandlers.ofString());
            } catch (java.net.http.HttpTimeoutException e) {
                last = e.toString();
                continue;
            }
            if (response.statusCode() == 201) {
                return id;
            }
            last = response.statusCode() + " " + response.body();
            if (response.statusCode() < 500) {
                break;
            }
            Thread.sleep(1500);
        }
        throw new IOException("cannot create an account: " + last);
    }

    /** Reads absent ids until the public API answers 404 ten times in a row, for at most a minute. */
    void warmUp(HttpClient client) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        int inARow = 0;
        while (inARow < 10 && System.nanoTime() < deadline) {
            String path = (inARow % 2 == 0 ? "/api/v1/accounts/" : "/api/v1/payments/") + UUID.randomUUID();
            int status;
            try {
                status = client.send(get(path).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
            } catch (IOException e) {
                status = 0;
            }
            inARow = status == 404 ? inARow + 1 : 0;
            if (status != 404) {
                Thread.sleep(200);
            }
        }
    }

    /** The next arrival's request. */
    synchronized Call next() {
        sequence++;
        PaymentAttempt retry = retries.poll();
        if (retry != null) {
            return payment(retry, true);
        }
        int dice = random.nextInt(100);
        UUID account = accounts.get(random.nextInt(accounts.size()));
        if (dice < 40) {
            return payment(new PaymentAttempt(UUID.randomUUID(), account, 1 + random.nextInt(100)), false);
        }
        if (dice < 65) {
            return new Call("read_account", get("/api/v1/accounts/" + account), (status, body) -> { });
        }
        if (dice < 75 && !readablePayments.isEmpty()) {
            UUID payment = readablePayments.get(random.nextInt(readablePayments.size()));
            return new Call("read_payment", get("/api/v1/payments/" + payment), (status, body) -> { });
        }
        if (dice < 90) {
            String owner = "owner-" + sequence;
            long start = System.nanoTime();
            return new Call("update_account", json("/api/v1/accounts/" + account).PUT(HttpRequest.BodyPublishers
                    .ofString("{\"owner\":\"" + owner + "\",\"currency\":\"EUR\",\"status\":\"ACTIVE\"}")),
                    (status, body) -> updates.computeIfAbsent(account, a -> new CopyOnWriteArrayList<>())
                            .add(new UpdateAttempt(owner, start, System.nanoTime(), status)));
        }
        UUID created = UUID.randomUUID();
        initialBalances.put(created, INITIAL_BALANCE_MINOR);
        return new Call("create_account", createAccount(created, "load"), (status, body) -> {
            if (status == 201) {
                accountsAcknowledged.put(created, true);
            }
        });
    }

    private Call payment(PaymentAttempt attempt, boolean isRetry) {
        String body = "{\"id\":\"" + attempt.id() + "\",\"accountId\":\"" + attempt.accountId() + "\",\"amountMinor\":"
                + attempt.amountMinor() + ",\"currency\":\"EUR\",\"reference\":\"reliability\"}";
        return new Call(isRetry ? "make_payment_retry" : "make_payment",
                json("/api/v1/payments").POST(HttpRequest.BodyPublishers.ofString(body)), (status, answer) -> {
                    if (status == 201) {
                        paymentsUncertain.remove(attempt.id());
                        paymentsAcknowledged.put(attempt.id(), attempt);
                        readablePayments.add(attempt.id());
                    } else if (status == 0 || status >= 500) {
                        if (!paymentsAcknowledged.containsKey(attempt.id())) {
                            paymentsUncertain.put(attempt.id(), attempt);
                        }
                        if (!isRetry) {
                            retries.add(attempt);
                        }
                    } else if (!isRetry) {
                        paymentsRefused.put(attempt.id(), attempt);
                    }
                });
    }

    private HttpRequest.Builder createAccount(UUID id, String owner) {
        return json("/api/v1/accounts").POST(HttpRequest.BodyPublishers.ofString("{\"id\":\"" + id
                + "\",\"owner\":\"" + owner + "\",\"currency\":\"EUR\",\"initialBalanceMinor\":"
                + INITIAL_BALANCE_MINOR + "}"));
    }

    private HttpRequest.Builder get(String path) {
        return HttpRequest.newBuilder(URI.create(target + path)).timeout(Duration.ofSeconds(10)).GET();
    }

    private HttpRequest.Builder json(String path) {
        return HttpRequest.newBuilder(URI.create(target + path)).timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json");
    }
}
