package io.refsut.loadtest.reliability;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * An open-model load: one request every {@code 1/rate} seconds, started on schedule whether or not earlier ones have
 * answered (no coordinated omission), each with a client timeout, until stopped or its time bound. Requests come from
 * a {@link Workload}; every answer becomes a {@link Sample}. At most {@code maxInFlight} requests run at once: an
 * arrival over that bound is recorded as failed without being sent (the client's own protection).
 */
final class ConstantLoad implements AutoCloseable {

    /** One request: when it started and ended (nanoTime), its operation, HTTP status (0 = no answer). */
    record Sample(long startNanos, long endNanos, String operation, int status, String error) {
        boolean failed() {
            return status == 0 || status >= 500;
        }

        double latencyMs() {
            return (endNanos - startNanos) / 1e6;
        }
    }

    private final HttpClient client;
    private final Workload workload;
    private final double rate;
    private final Duration requestTimeout;
    private final int maxInFlight;
    private final ConcurrentLinkedQueue<Sample> samples = new ConcurrentLinkedQueue<>();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final List<CompletableFuture<?>> pending = new ArrayList<>();
    private final Thread ticker;
    private volatile boolean stopped;
    private final long bound;

    private ConstantLoad(HttpClient client, Workload workload, double rate, Duration requestTimeout, int maxInFlight,
            Duration maxDuration) {
        this.client = client;
        this.workload = workload;
        this.rate = rate;
        this.requestTimeout = requestTimeout;
        this.maxInFlight = maxInFlight;
        this.bound = maxDuration.toNanos();
        this.ticker = new Thread(this::tick, "reliability-load");
        this.ticker.setDaemon(true);
    }

    /** Starts the load; it runs until {@link #stop()} or {@code maxDuration}, whichever comes first. */
    static ConstantLoad start(HttpClient client, Workload workload, double rate, Duration requestTimeout,
            int maxInFlight, Duration maxDuration) {
        ConstantLoad load = new ConstantLoad(client, workload, rate, requestTimeout, maxInFlight, maxDuration);
        load.ticker.start();
        return load;
    }

    private void tick() {
        long interval = (long) (1e9 / rate);
        long start = System.nanoTime();
        long next = start;
        while (!stopped && next - start < bound) {
            long wait = next - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(wait);
                continue;
            }
            fire(next);
            next += interval;
        }
    }

    private void fire(long scheduled) {
        Workload.Call call = workload.next();
        if (inFlight.get() >= maxInFlight) {
            samples.add(new Sample(scheduled, scheduled, call.operation(), 0, "client in-flight bound reached"));
            call.onAnswer().accept(0, null);
            return;
        }
        inFlight.incrementAndGet();
        HttpRequest request = call.request().timeout(requestTimeout).build();
        CompletableFuture<?> future = client.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                .whenComplete((response, error) -> {
                    long end = System.nanoTime();
                    inFlight.decrementAndGet();
                    int status = response == null ? 0 : response.statusCode();
                    Throwable cause = error instanceof java.util.concurrent.CompletionException && error.getCause() != null
                            ? error.getCause() : error;
                    String reason = cause == null ? null : cause.getClass().getSimpleName();
                    samples.add(new Sample(scheduled, end, call.operation(), status, reason));
                    call.onAnswer().accept(status, response == null ? null : response.body());
                });
        synchronized (pending) {
            pending.removeIf(CompletableFuture::isDone);
            pending.add(future);
        }
    }

    /** Stops new arrivals and waits (bounded by the request timeout and a margin) for those in flight. */
    List<Sample> stop() {
        stopped = true;
        try {
            ticker.join(TimeUnit.SECONDS.toMillis(5));
            List<CompletableFuture<?>> waiting;
            synchronized (pending) {
                waiting = new ArrayList<>(pending);
            }
            CompletableFuture.allOf(waiting.toArray(CompletableFuture[]::new)).orTimeout(
                    requestTimeout.toMillis() + 5000, TimeUnit.MILLISECONDS).exceptionally(e -> null).join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return samples();
    }

    /** The samples so far, in no particular order. */
    List<Sample> samples() {
        return new ArrayList<>(samples);
    }

    @Override
    public void close() {
        stopped = true;
    }
}
