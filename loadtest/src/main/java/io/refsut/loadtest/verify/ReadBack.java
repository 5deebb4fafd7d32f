package io.refsut.loadtest.verify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;

/** Reads records back through the orchestrator's public GET endpoints (works locally and against a deployment). */
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
