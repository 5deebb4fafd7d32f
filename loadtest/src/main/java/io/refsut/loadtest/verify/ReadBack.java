package io.refsut.loadtest.verify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Reads records back through the orchestrator's public API (works locally and against a deployment): one at a time
 * ({@code GET /api/v1/accounts/{id}}) or many in one lookup ({@code POST /api/v1/accounts/lookup}, the same views).
 */
final class ReadBack {

    /** What a read-back found: the document (null when absent) or that it could not be read. */
    record Found(int status, JsonNode body, String error) {
        boolean absent() {
            return status == 404;
        }

        boolean readable() {
            return status == 200 || status == 404;
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int ATTEMPTS = 3;

    private final HttpClient client;
    private final String base;

    ReadBack(HttpClient client, URI target) {
        this.client = client;
        String text = target.toString();
        this.base = text.endsWith("/") ? text.substring(0, text.length() - 1) : text;
    }

    Found account(UUID id) {
        return get("/api/v1/accounts/" + id);
    }

    Found payment(UUID id) {
        return get("/api/v1/payments/" + id);
    }

    /**
     * The accounts among {@code ids} (at most {@link #MAX_LOOKUP} of them) in one lookup: a found one as its single read
     * would answer it, a missing one as a 404. Null when the lookup could not be read; an id the answer does not
     * mention is left out. The caller reads those one at a time.
     */
    Map<UUID, Found> accounts(List<UUID> ids) {
        return lookup("/api/v1/accounts/lookup", "account", ids);
    }

    /** The payments among {@code ids}, as {@link #accounts(List)}. */
    Map<UUID, Found> payments(List<UUID> ids) {
        return lookup("/api/v1/payments/lookup", "payment", ids);
    }

    /** Most ids the orchestrator's lookups take in one request. */
    static final int MAX_LOOKUP = 100;

    private Map<UUID, Found> lookup(String path, String field, List<UUID> ids) {
        String body;
        try {
            body = JSON.writeValueAsString(Map.of("ids", ids));
        } catch (IOException e) {
            throw new IllegalStateException("cannot write a list of UUIDs as JSON", e);
        }
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
                .header("Accept", "application/json").header("Content-Type", "application/json")
                .header("X-Request-Id", "reconcile-" + UUID.randomUUID())
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            try {
                HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 200) {
                    JsonNode answer = JSON.readTree(response.body());
                    Map<UUID, Found> found = new HashMap<>();
                    for (JsonNode view : answer.path("found")) {
                        found.put(UUID.fromString(view.path(field).path("id").asText()), new Found(200, view, null));
                    }
                    for (JsonNode id : answer.path("notFound")) {
                        found.putIfAbsent(UUID.fromString(id.asText()), new Found(404, null, null));
                    }
                    return found;
                }
                if (response.statusCode() >= 400 && response.statusCode() < 500) {
                    return null; // refused (an orchestrator without lookups answers 404 or 405): not worth repeating
                }
            } catch (IOException | IllegalArgumentException e) {
                // not readable: try again, then leave it to the single reads
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
        return null;
    }

    private Found get(String path) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(10))
                .header("Accept", "application/json").header("X-Request-Id", "reconcile-" + UUID.randomUUID())
                .GET().build();
        String error = null;
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            try {
                HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
                int status = response.statusCode();
                if (status == 200) {
                    return new Found(200, JSON.readTree(response.body()), null);
                }
                if (status == 404) {
                    return new Found(404, null, null);
                }
                error = "HTTP " + status;
            } catch (IOException e) {
                error = e.getClass().getSimpleName() + ": " + e.getMessage();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new Found(0, null, "interrupted");
            }
        }
        return new Found(0, null, error + " after " + ATTEMPTS + " attempts");
    }
}
