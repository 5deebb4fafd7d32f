package io.refsut.loadtest.run;

import io.refsut.loadtest.report.Fields;
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
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Warms the system up before the load phase: a freshly started JVM answers its first requests slowly enough to trip
 * the orchestrator's downstream timeouts and breakers. {@link #run} goes on until the system is warm (for the run
 * phase that follows the load); {@link #coldStart}, for a load with no run phase after it ({@code sut load}), only
 * until 10 cycles in a row succeed one at a time. Each cycle exercises every operation on its own account
 * ({@link RecordIds#warmupAccount}: {@code refsut:<seed>:<runTag>:warmup-account:<i>}, unique to this invocation,
 * outside the records the load test measures and verifies, and never colliding with another phase's, injector's or
 * execution's).
 */
final class Warmup {

    private static final Duration PAUSE_AFTER_FAILURE = Duration.ofSeconds(1);
    private static final int PARALLELISM = 4;
    private static final int SETTLED = 10;
    /** How much of an unexpected answer's body a failure quotes. */
    private static final int ANSWER_CHARS = 300;

    private final HttpClient client;
    private final String base;
    private final RecordIds ids;
    private final String runTag;
    private final String currency;

    Warmup(HttpClient client, URI target, RecordIds ids, String runTag, String currency) {
        this.client = client;
        this.base = HttpClients.base(target);
        this.ids = ids;
        this.runTag = runTag;
        this.currency = currency;
    }

    /** Length of one warm-up window: the p50 of each window's cycles is compared with the earlier ones. */
    static final Duration WINDOW = Duration.ofSeconds(5);
    /** A window's p50 counts as "still falling" when it is below this share of the best earlier window's. */
    static final double FALLING = 0.95;
    /** Consecutive windows whose p50 did not fall that make the system warm. */
    static final int STABLE_WINDOWS = 2;

    /**
     * What the warm-up did: cycles, seconds, whether the p50 stopped falling before the bound, the p50 of every
     * concurrent window (ms) and a sentence saying why it stopped.
     */
    record Result(int cycles, double seconds, boolean warm, List<Double> windowP50Ms, String reason) {
        Map<String, Object> toMap() {
            return Fields.ordered("cycles", cycles, "seconds", seconds, "warm", warm, "windowP50Ms", windowP50Ms,
                    "reason", reason);
        }
    }

    /**
     * Runs warm-up cycles: one at a time until 10 in a row succeed (past the cold start), then from
     * {@link #PARALLELISM} workers at once (the concurrent paths: connection pools, JIT under load) in windows of
     * {@link #WINDOW} until the system is warm — at least {@code min}, then until the p50 cycle time of
     * {@link #STABLE_WINDOWS} consecutive windows has stopped falling (none below {@link #FALLING} of the best earlier
     * window), at most {@code max} — then one at a time again until 10 in a row succeed (breakers closed). Throws
     * when the system does not settle within {@code limit} for each one-at-a-time stretch.
     */
    Result run(Duration min, Duration max, Duration limit, Consumer<String> console) {
        long started = System.nanoTime();
        AtomicInteger next = new AtomicInteger();
        settle(next, System.nanoTime() + limit.toNanos(), limit, console);
        long concurrentStart = System.nanoTime();
        AtomicInteger failures = new AtomicInteger();
        List<Double> p50s = new ArrayList<>();
        double best = Double.MAX_VALUE;
        int stable = 0;
        boolean warm = false;
        String reason;
        while (true) {
            double p50 = window(next, failures);
            p50s.add(Math.round(p50 * 1000) / 1000.0);
            if (p50 < best * FALLING) {
                stable = 0;
            } else {
                stable++;
            }
            best = Math.min(best, p50);
            long elapsed = System.nanoTime() - concurrentStart;
            console.accept(String.format(Locale.ROOT, "warm-up: %d s, %d cycles, window p50 %.1f ms, %s",
                    Math.round(elapsed / 1e9), next.get(), p50, stable == 0 ? "still falling"
                            : "not below " + Math.round(FALLING * 100) + " % of the best for " + stable
                                    + (stable == 1 ? " window" : " windows")));
            if (elapsed >= min.toNanos() && stable >= STABLE_WINDOWS) {
                warm = true;
                reason = "the p50 cycle time stopped falling (" + STABLE_WINDOWS + " windows of " + WINDOW.toSeconds()
                        + " s none below " + Math.round(FALLING * 100) + " % of the best earlier one)";
                break;
            }
            if (elapsed + WINDOW.toNanos() > max.toNanos()) {
                reason = "bound of " + max.toSeconds() + " s reached while the p50 cycle time was still falling";
                break;
            }
        }
        settle(next, System.nanoTime() + limit.toNanos(), limit, console);
        double seconds = secondsSince(started);
        console.accept(String.format(Locale.ROOT, "warm-up done in %.1f s: %d cycles, %d concurrent cycles failed, "
                + "window p50s %s ms; %s", seconds, next.get(), failures.get(), p50s, reason));
        return new Result(next.get(), seconds, warm, List.copyOf(p50s), reason);
    }

    /**
     * One cycle at a time until 10 in a row succeed (past the cold start, breakers closed), within {@code limit};
     * returns the cycles and seconds it took.
     */
    Map<String, Object> coldStart(Duration limit, Consumer<String> console) {
        long started = System.nanoTime();
        AtomicInteger next = new AtomicInteger();
        settle(next, started + limit.toNanos(), limit, console);
        double seconds = secondsSince(started);
        console.accept(String.format(Locale.ROOT, "cold start done in %.1f s: %d cycles one at a time, the last %d "
                + "in a row clean", seconds, next.get(), SETTLED));
        return Fields.ordered("cycles", next.get(), "seconds", seconds);
    }

    /** Seconds since {@code started} ({@link System#nanoTime}), to the millisecond. */
    private static double secondsSince(long started) {
        return Math.round((System.nanoTime() - started) / 1e6) / 1000.0;
    }

    /** One window of concurrent cycles; returns the median cycle time (ms) of its successful cycles. */
    private double window(AtomicInteger next, AtomicInteger failures) {
        long deadline = System.nanoTime() + WINDOW.toNanos();
        List<Long> times = java.util.Collections.synchronizedList(new ArrayList<>());
        List<Thread> workers = new ArrayList<>();
        for (int w = 0; w < PARALLELISM; w++) {
            Thread worker = new Thread(() -> {
                while (System.nanoTime() < deadline) {
                    long start = System.nanoTime();
                    if (cycle(next.getAndIncrement()) != null) {
                        failures.incrementAndGet();
                    } else {
                        times.add(System.nanoTime() - start);
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
        if (times.isEmpty()) {
            return Double.MAX_VALUE / 2;
        }
        long[] sorted = times.stream().mapToLong(Long::longValue).sorted().toArray();
        return sorted[(sorted.length - 1) / 2] / 1e6;
    }

    private void settle(AtomicInteger next, long deadline, Duration limit, Consumer<String> console) {
        int clean = 0;
        String lastFailure = "";
        long start = System.nanoTime();
        long nextProgress = start + TargetProbe.PROGRESS.toNanos();
        while (clean < SETTLED) {
            long now = System.nanoTime();
            if (clean == 0 && !lastFailure.isEmpty() && now >= nextProgress) {
                console.accept(String.format(Locale.ROOT, "warm-up: cycles one at a time still failing after %.0f s "
                        + "(at most %d s); last failure: %s", (now - start) / 1e9, limit.toSeconds(), lastFailure));
                nextProgress = now + TargetProbe.PROGRESS.toNanos();
            }
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
            HttpResponse<String> response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == expected ? null
                    : method + " " + path + " answered " + response.statusCode() + answer(response.body());
        } catch (IOException e) {
            return method + " " + path + ": " + TargetProbe.describe(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during warm-up");
        }
    }

    /** The start of an unexpected answer's body (a problem's title and detail), on one line. */
    static String answer(String body) {
        String text = body == null ? "" : body.replaceAll("\\s+", " ").trim();
        if (text.isEmpty()) {
            return "";
        }
        return ": " + (text.length() > ANSWER_CHARS ? text.substring(0, ANSWER_CHARS) + "…" : text);
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
