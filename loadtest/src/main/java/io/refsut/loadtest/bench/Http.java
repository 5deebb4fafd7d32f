package io.refsut.loadtest.bench;

import io.refsut.loadtest.run.HttpClients;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The bench's HTTP/1.1 client: the JDK's, connections kept alive and reused (its pool), the orchestrator's
 * self-signed certificate accepted (loopback only). One request per call on the calling thread.
 */
final class Http {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final HttpClient client = HttpClients.create(true);

    /** Sends the request and returns the body; any status other than {@code expected} is an exception. */
    String send(String method, String uri, String jsonBody, int expected) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(uri)).timeout(TIMEOUT)
                .header("Accept", "application/json");
        if (jsonBody == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(jsonBody));
        }
        HttpResponse<String> response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != expected) {
            String body = response.body();
            throw new IllegalStateException(method + " " + uri + " -> " + response.statusCode() + " "
                    + (body.length() > 300 ? body.substring(0, 300) + "..." : body));
        }
        return response.body();
    }

    static String quote(String text) {
        return '"' + text.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
