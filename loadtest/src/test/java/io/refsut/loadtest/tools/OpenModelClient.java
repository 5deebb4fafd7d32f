package io.refsut.loadtest.tools;

import io.refsut.loadtest.bench.ProcessStats;
import io.refsut.loadtest.run.HttpClients;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An independent open-model load client for cross-checking {@code sut run}'s figures (not used by the tests): the
 * JDK's HTTP client instead of Gatling's, GET {@code url} at {@code rate}/s, evenly spaced, for {@code seconds};
 * latency from the intended start of each request (its scheduled instant) to the full response, successful (200)
 * requests only; exact percentiles (nearest rank over the sorted values). Trusts any certificate. With the optional
 * {@code WARMUP_SECONDS}, the same arrivals run for that long first and are not counted (its own JVM and connections
 * warm up, as {@code sut run}'s injector does during its warm-up and settle). With the optional {@code PIDS} (process
 * ids, comma-separated), it also prints the CPU time each of those processes used per counted request, from
 * {@code /proc/<pid>/stat} between the first counted request's intended start and the last counted response (the
 * figure {@code sut bench} reports per process). {@code --answered} counts every answered request (any status below
 * 500, e.g. the 404 of an unknown route) instead of only 200s.
 *
 * <pre>java -cp loadtest/target/classes:loadtest/target/test-classes:loadtest/target/lib/* \
 *     io.refsut.loadtest.tools.OpenModelClient [--answered] URL RATE SECONDS [WARMUP_SECONDS [PIDS]]</pre>
 */
public final class OpenModelClient {

    private OpenModelClient() {
    }

    public static void main(String[] arguments) throws Exception {
        boolean answered = arguments.length > 0 && arguments[0].equals("--answered");
        String[] args = answered ? Arrays.copyOfRange(arguments, 1, arguments.length) : arguments;
        URI url = URI.create(args[0]);
        double rate = Double.parseDouble(args[1]);
        int seconds = Integer.parseInt(args[2]);
        int warmupSeconds = args.length > 3 ? Integer.parseInt(args[3]) : 0;
        long[] pids = args.length > 4 ? Arrays.stream(args[4].split(",")).mapToLong(Long::parseLong).toArray()
                : new long[0];
        long[] cpuAtStart = new long[pids.length];
        HttpClient client = HttpClients.create(true);
        int warmup = (int) Math.round(rate * warmupSeconds);
        int total = warmup + (int) Math.round(rate * seconds);
        ConcurrentLinkedQueue<Long> ok = new ConcurrentLinkedQueue<>();
        AtomicLong failed = new AtomicLong();
        CountDownLatch done = new CountDownLatch(total);
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        long start = System.nanoTime() + 100_000_000L;
        timer.schedule(() -> {
            for (int i = 0; i < pids.length; i++) {
                cpuAtStart[i] = ProcessStats.cpuMicros(pids[i]);
            }
        }, start + Math.round(warmup * 1e9 / rate) - System.nanoTime(), TimeUnit.NANOSECONDS);
        for (int k = 0; k < total; k++) {
            long intended = start + Math.round(k * 1e9 / rate);
            boolean counted = k >= warmup;
            timer.schedule(() -> client.sendAsync(HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(10))
                    .header("Accept", "application/json").GET().build(), HttpResponse.BodyHandlers.ofString())
                    .whenComplete((response, error) -> {
                        if (counted && error == null
                                && (answered ? response.statusCode() < 500 : response.statusCode() == 200)) {
                            ok.add(System.nanoTime() - intended);
                        } else if (counted) {
                            failed.incrementAndGet();
                        }
                        done.countDown();
                    }), intended - System.nanoTime(), TimeUnit.NANOSECONDS);
        }
        done.await(warmupSeconds + seconds + 30L, TimeUnit.SECONDS);
        long[] cpuAtEnd = Arrays.stream(pids).map(ProcessStats::cpuMicros).toArray();
        timer.shutdownNow();
        long[] values = ok.stream().mapToLong(Long::longValue).sorted().toArray();
        System.out.printf(Locale.ROOT, "requests %d, %s %d, failed %d; response time from the intended start: "
                + "p50 %.3f ms, p90 %.3f ms, p99 %.3f ms, max %.3f ms%n", total - warmup, answered ? "answered" : "ok",
                values.length, failed.get(),
                rank(values, 50), rank(values, 90), rank(values, 99),
                values.length == 0 ? 0 : values[values.length - 1] / 1e6);
        for (int i = 0; i < pids.length; i++) {
            System.out.printf(Locale.ROOT, "process %d: %.0f µs of CPU per counted request%n", pids[i],
                    cpuAtStart[i] < 0 || cpuAtEnd[i] < 0 ? Double.NaN
                            : (cpuAtEnd[i] - cpuAtStart[i]) / (double) (total - warmup));
        }
        System.exit(0);
    }

    private static double rank(long[] sorted, double pct) {
        if (sorted.length == 0) {
            return 0;
        }
        int r = (int) Math.ceil(pct / 100 * sorted.length);
        return sorted[Math.min(Math.max(r, 1), sorted.length) - 1] / 1e6;
    }
}
