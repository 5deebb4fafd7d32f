package io.refsut.loadtest.report;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/** A snapshot of every service's Prometheus endpoint at one instant. */
public final class ServerMetrics {

    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);
    /** Bound on a whole scrape, whatever the endpoints do. */
    static final Duration SCRAPE_TIMEOUT = Duration.ofSeconds(8);

    private final Instant takenAt;
    private final Map<String, List<PrometheusText.Sample>> samples;
    private final Map<String, String> missing;

    private ServerMetrics(Instant takenAt, Map<String, List<PrometheusText.Sample>> samples,
            Map<String, String> missing) {
        this.takenAt = takenAt;
        this.samples = Map.copyOf(samples);
        this.missing = Map.copyOf(missing);
    }

    /**
     * Scrapes every endpoint (name such as "orchestrator", "accounts" to its {@code http://host:port/q/metrics})
     * concurrently with short timeouts; an endpoint that cannot be read is recorded as missing, never thrown.
     */
    public static ServerMetrics scrape(Map<String, URI> endpoints) {
        Instant now = Instant.now();
        Map<String, List<PrometheusText.Sample>> samples = new TreeMap<>();
        Map<String, String> missing = new TreeMap<>();
        if (endpoints.isEmpty()) {
            return new ServerMetrics(now, samples, missing);
        }
        ExecutorService executor = Executors.newFixedThreadPool(Math.min(endpoints.size(), 8), runnable -> {
            Thread thread = new Thread(runnable, "metrics-scrape");
            thread.setDaemon(true);
            return thread;
        });
        try {
            HttpClient client = HttpClient.newBuilder()
                    .connectTimeout(CONNECT_TIMEOUT)
                    .followRedirects(HttpClient.Redirect.NEVER)
                    .executor(executor)
                    .build();
            Map<String, CompletableFuture<HttpResponse<String>>> pending = new LinkedHashMap<>();
            endpoints.forEach((name, uri) -> {
                try {
                    HttpRequest request = HttpRequest.newBuilder(uri).timeout(REQUEST_TIMEOUT)
                            .header("Accept", "text/plain; version=0.0.4").GET().build();
                    pending.put(name, client.sendAsync(request, HttpResponse.BodyHandlers.ofString()));
                } catch (IllegalArgumentException e) {
                    missing.put(name, "invalid URL " + uri);
                }
            });
            long deadline = System.nanoTime() + SCRAPE_TIMEOUT.toNanos();
            pending.forEach((name, future) -> {
                try {
                    long left = Math.max(1, deadline - System.nanoTime());
                    HttpResponse<String> response = future.get(left, TimeUnit.NANOSECONDS);
                    if (response.statusCode() == 200) {
                        samples.put(name, PrometheusText.parse(response.body()));
                    } else {
                        missing.put(name, "HTTP " + response.statusCode() + " from " + endpoints.get(name));
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    missing.put(name, "interrupted");
                } catch (Exception e) {
                    future.cancel(true);
                    Throwable cause = e.getCause() != null ? e.getCause() : e;
                    missing.put(name, cause.getClass().getSimpleName() + " from " + endpoints.get(name)
                            + (cause.getMessage() == null ? "" : ": " + cause.getMessage()));
                }
            });
        } finally {
            executor.shutdownNow();
        }
        return new ServerMetrics(now, samples, missing);
    }

    /** No scrape at all (e.g. {@code --metrics off}). */
    public static ServerMetrics empty() {
        return new ServerMetrics(Instant.EPOCH, Map.of(), Map.of());
    }

    /** A snapshot from already-parsed samples, for tests and for the report command. */
    public static ServerMetrics of(Instant takenAt, Map<String, List<PrometheusText.Sample>> samples,
            Map<String, String> missing) {
        return new ServerMetrics(takenAt, samples, missing);
    }

    /** When the scrape started. */
    public Instant takenAt() {
        return takenAt;
    }

    /** Samples per service that answered. */
    public Map<String, List<PrometheusText.Sample>> samples() {
        return samples;
    }

    /** Services that did not answer, with the reason. */
    public Map<String, String> missing() {
        return missing;
    }

    /** Whether nothing was scraped or attempted. */
    public boolean isEmpty() {
        return samples.isEmpty() && missing.isEmpty();
    }
}
