package io.refsut.loadtest.bench;

import io.refsut.loadtest.run.HttpClients;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The bench's HTTP/1.1 client: the JDK's, connections kept alive and reused (its pool), the orchestrator's
 * self-signed certificate accepted (loopback only). One request per call on the calling thread, at most
 * {@code connections} at a time to each server, so that the client never holds more connections to a server than
 * {@link #open} opened before measuring: a request that finds them all busy waits for one (the wait is part of its
 * latency), where a client without a bound opens a new connection — on the orchestrator a TLS handshake on its event
 * loop, which delays every answer and so calls for more connections. That storm, not the services, stopped capacity
 * steps of 761/s (docs/performance.md, "A step up in rate opened a storm of TLS connections").
 */
final class Http {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final HttpClient client = HttpClients.create(true);
    private final int connections;
    private final Map<String, Semaphore> slots = new ConcurrentHashMap<>();

    /** A client holding at most {@code connections} connections to each server. */
    Http(int connections) {
        if (connections < 1) {
            throw new IllegalArgumentException("connections must be at least 1: " + connections);
        }
        this.connections = connections;
    }

    /** Sends the request and returns the body; any status other than {@code expected} is an exception. */
    String send(String method, String uri, String jsonBody, int expected) throws IOException, InterruptedException {
        URI target = URI.create(uri);
        HttpRequest.Builder request = HttpRequest.newBuilder(target).timeout(TIMEOUT)
                .header("Accept", "application/json");
        if (jsonBody == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(jsonBody));
        }
        Semaphore free = slots(target);
        if (!free.tryAcquire(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new IOException("injector: all " + connections + " connections to " + server(target) + " busy for "
                    + TIMEOUT.toSeconds() + " s");
        }
        HttpResponse<String> response;
        try {
            response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } finally {
            free.release();
        }
        if (response.statusCode() != expected) {
            String body = response.body();
            throw new IllegalStateException(method + " " + uri + " -> " + response.statusCode() + " "
                    + (body.length() > 300 ? body.substring(0, 300) + "..." : body));
        }
        return response.body();
    }

    /**
     * Opens this client's {@code connections} connections to the server of {@code uri} (TLS handshakes included)
     * with that many {@code GET uri} sent at once, whatever their status, and keeps them for the requests that follow.
     */
    void open(String uri) throws IOException {
        URI target = URI.create(uri);
        Semaphore free = slots(target);
        if (!free.tryAcquire(connections)) {
            throw new IllegalStateException("requests to " + server(target)
                    + " in flight while opening its connections");
        }
        try {
            List<CompletableFuture<HttpResponse<Void>>> all = new ArrayList<>();
            for (int i = 0; i < connections; i++) {
                all.add(client.sendAsync(HttpRequest.newBuilder(target).timeout(TIMEOUT).GET().build(),
                        HttpResponse.BodyHandlers.discarding()));
            }
            CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).join();
        } catch (CompletionException e) {
            throw new IOException("cannot open " + connections + " connections to " + server(target) + ": "
                    + e.getCause(), e.getCause());
        } finally {
            free.release(connections);
        }
    }

    int connections() {
        return connections;
    }

    private Semaphore slots(URI target) {
        return slots.computeIfAbsent(server(target), key -> new Semaphore(connections));
    }

    private static String server(URI target) {
        return target.getScheme() + "://" + target.getRawAuthority();
    }

    static String quote(String text) {
        return '"' + text.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
