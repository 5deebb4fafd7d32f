package io.refsut.loadtest.bench;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * An open-model, constant-rate load generator: arrival {@code i} is due at {@code start + i / rate}, whatever the
 * earlier ones are doing, and its latency is measured from that intended start (no coordinated omission: time spent
 * queued in the injector counts). Each arrival runs on a pooled thread (at most {@code maxInFlight} at a time;
 * beyond that the arrival is an error, never a delay of the schedule).
 */
final class OpenLoop implements AutoCloseable {

    /** One operation: returns normally on success, throws on failure (the message is kept). */
    @FunctionalInterface
    interface Action {
        void run() throws Exception;
    }

    /** An operation with its name. */
    record Task(String name, Action action) {
    }

    /** What one constant-rate interval measured. */
    record Result(double targetRate, double seconds, long arrivals, long completed, long unfinished,
            Map<String, Histogram> latenciesUs, Map<String, Long> errors, Map<String, String> firstErrors,
            double achievedRate) {

        long totalErrors() {
            return errors.values().stream().mapToLong(Long::longValue).sum() + unfinished;
        }
    }

    private final ThreadPoolExecutor pool;
    private final int maxInFlight;

    OpenLoop(int maxInFlight) {
        this.maxInFlight = maxInFlight;
        this.pool = new ThreadPoolExecutor(0, maxInFlight, 30, TimeUnit.SECONDS, new SynchronousQueue<>(), runnable -> {
            Thread thread = new Thread(runnable, "bench-worker");
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * Issues {@code rate} arrivals per second for {@code duration}, each the task {@code next} returns, then waits up
     * to {@code drain} for the last ones (those still running count as errors).
     */
    Result run(double rate, Duration duration, Supplier<Task> next, Duration drain) {
        long intervalNanos = Math.round(1e9 / rate);
        long arrivals = Math.max(1, (long) Math.floor(rate * duration.toNanos() / 1e9));
        Map<String, Histogram> latencies = new ConcurrentHashMap<>();
        Map<String, LongAdder> errors = new ConcurrentHashMap<>();
        Map<String, String> firstErrors = new ConcurrentHashMap<>();
        AtomicLong completed = new AtomicLong();
        long start = System.nanoTime() + 1_000_000;
        for (long i = 0; i < arrivals; i++) {
            long intended = start + i * intervalNanos;
            long wait;
            while ((wait = intended - System.nanoTime()) > 0) {
                LockSupport.parkNanos(wait);
            }
            Task task = next.get();
            Histogram histogram = latencies.computeIfAbsent(task.name(), name -> new ConcurrentHistogram(3));
            try {
                pool.execute(() -> {
                    try {
                        task.action().run();
                        histogram.recordValue(Math.max(0, (System.nanoTime() - intended) / 1000));
                    } catch (Exception | AssertionError e) {
                        errors.computeIfAbsent(task.name(), name -> new LongAdder()).increment();
                        firstErrors.putIfAbsent(task.name(), String.valueOf(e.getMessage()));
                    }
                    completed.incrementAndGet();
                });
            } catch (RejectedExecutionException e) {
                errors.computeIfAbsent(task.name(), name -> new LongAdder()).increment();
                firstErrors.putIfAbsent(task.name(), "injector: more than " + maxInFlight + " operations in flight");
                completed.incrementAndGet();
            }
        }
        long issuedEnd = System.nanoTime();
        long drainUntil = issuedEnd + drain.toNanos();
        while (completed.get() < arrivals && System.nanoTime() < drainUntil) {
            LockSupport.parkNanos(1_000_000);
        }
        long done = completed.get();
        // achieved: arrivals completed (within the drain) per second of the schedule as it was really issued — short
        // of the target when the injector fell behind its schedule or operations did not finish; slow answers show
        // in the latencies, not here
        double seconds = Math.max(arrivals * intervalNanos, issuedEnd - start) / 1e9;
        Map<String, Long> errorCounts = new ConcurrentHashMap<>();
        errors.forEach((name, count) -> errorCounts.put(name, count.sum()));
        return new Result(rate, duration.toNanos() / 1e9, arrivals, done, arrivals - done, Map.copyOf(latencies),
                Map.copyOf(errorCounts), Map.copyOf(firstErrors), done / seconds);
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
