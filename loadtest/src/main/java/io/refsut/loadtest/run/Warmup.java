package io.refsut.loadtest.run;

import io.refsut.loadtest.workload.RecordIds;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Warms the system up before the load phase, one request at a time: a freshly started JVM answers its first requests
 * slowly enough to trip the orchestrator's downstream timeouts and breakers. Each cycle exercises every operation on
 * its own account ({@link RecordIds#warmupAccount}: {@code refsut:<seed>:<runTag>:warmup-account:<i>}, unique to this
 * invocation, outside the records the load test measures and verifies, and never colliding with another phase's,
 * injector's or execution's).
 */
final class Warmup {

    private static final Duration PAUSE_AFTER_FAILURE = Duration.ofSeconds(1);
    private static final int PARALLELISM = 4;
    private static final int SETTLED = 10;

    private final HttpClient client;
    private final String base;
    private final RecordIds ids;
    private final String runTag;
    private final String currency;

    Warmup(HttpClient client, URI target, RecordIds ids, String runTag, String currency) {
        this.client = client;
        String text = target.toString();
        this.base = text.endsWith("/") ? text.substring(0, text.length() - 1) : text;
        this.ids = ids;
        this.runTag = runTag;
        this.currency = currency;
    }

    /**
     * Runs warm-up cycles: one at a time until 10 in a row succeed (past the cold start), then for {@code busy} from
     * {@link #PARALLELISM} workers at once (the concurrent paths: connection pools, JIT under load), then one at a
     * time again until 10 in a row succeed (breakers closed). Returns the cycles done; throws when the system does
     * not settle within {@code limit} for each one-at-a-time stretch.
     */
    int run(Duration busy, Duration limit, Consumer<String> console) {
        AtomicInteger next = new AtomicInteger();
        settle(next, System.nanoTime() + limit.toNanos(), limit);
        long deadline = System.nanoTime() + busy.toNanos();
        AtomicInteger failures = new AtomicInteger();
        List<Thread> workers = new ArrayList<>();
        for (int w = 0; w < PARALLELISM; w++) {
            Thread worker = new Thread(() -> {
                int index;
                while (System.nanoTime() < deadline) {
                    index = next.getAndIncrement();
                    if (cycle(index) != null) {
                        failures.incrementAndGet();
                    }
                }
            }, "sut-warmup-" + w);
            worker.start();
            workers.add(worker);
        }
        for (Thread worker : workers) {
            try {
                worker.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted during warm-up");
            }
        }
        settle(next, System.nanoTime() + limit.toNanos(), limit);
        console.accept(String.format(Locale.ROOT, "warm-up done: %d cycles, %d concurrent cycles failed",
                next.get(), failures.get()));
        return next.get();
    }

    private void settle(AtomicInteger next, long deadline, Duration limit) {
        int clean = 0;
        String lastFailure = "";
        while (clean < SETTLED) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the system did not answer " + SETTLED + " warm-up cycles in a row "
                        + "within " + limit.toSeconds() + " s; last failure: " + lastFailure);
            }
            String failure = cycle(next.getAndIncrement());
            if (failure == null) {
                clean++;
            } else {
                clean = 0;
                lastFailure = failure;
                pause();
            }
        }
    }

    /** One cycle on warm-up account {@code index}; null when every request succeeded, else what failed. */
    private String cycle(int index) {
        UUID account = ids.warmupAccount(runTag, index);
        UUID payment = ids.warmupPayment(runTag, index);
        String[][] steps = {
            {"POST", "/api/v1/accounts", "{\"id\":\"" + account + "\",\"owner\":\"warmup-" + index + "\",\"currency\":\""
                    + currency + "\",\"initialBalanceMinor\":1000000}", "201"},
            {"GET", "/api/v1/accounts/" + account, null, "200"},
            {"PUT", "/api/v1/accounts/" + account, "{\"owner\":\"warmup-" + index + "-u\",\"currency\":\"" + currency
                    + "\",\"status\":\"ACTIVE\"}", "200"},
            {"POST", "/api/v1/payments", "{\"id\":\"" + payment + "\",\"accountId\":\"" + account
                    + "\",\"amountMinor\":1,\"currency\":\"" + currency + "\",\"reference\":\"warmup\"}", "201"},
            {"GET", "/api/v1/payments/" + payment, null, "200"},
        };
        for (String[] step : steps) {
            String failure = send(step[0], step[1], step[2], Integer.parseInt(step[3]));
            if (failure != null) {
                return failure;
            }
        }
        return null;
    }

    private String send(String method, String path, String body, int expected) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(10))
                .header("Accept", "application/json");
        if (body == null) {
            request.GET();
        } else {
            request.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(body));
        }
        try {
            int status = client.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
            return status == expected ? null : method + " " + path + " answered " + status;
        } catch (IOException e) {
            return method + " " + path + ": " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during warm-up");
        }
    }

    private static void pause() {
        try {
            Thread.sleep(PAUSE_AFTER_FAILURE.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during warm-up");
        }
    }
}
