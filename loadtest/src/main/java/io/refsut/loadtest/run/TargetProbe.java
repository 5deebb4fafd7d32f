package io.refsut.loadtest.run;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Consumer;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;

/**
 * Before the warm-up or the load phase: waits until the orchestrator answers through the target, so a target that is
 * wrong or not up fails the run within {@code limit} with the reason, instead of every warm-up cycle or load write
 * failing after its own timeouts and retries (with {@code --warmup 0}, 10 000 records each sent again five times). Any
 * status in the orchestrator's JSON counts as its answer: the expected 404 problem, or a 503 naming a dependency,
 * which is the warm-up's to judge. An answer that is not JSON (a gateway's own 404 or 503 while the route or its
 * backend is missing) does not, as in the Kubernetes Jobs' wait for the gateway. A certificate the client does not
 * trust fails at once, as waiting does not mend it.
 */
final class TargetProbe {

    /** Pause between two attempts that got no answer. */
    static final Duration RETRY = Duration.ofSeconds(1);
    /** How often a line says that the target still does not answer. */
    static final Duration PROGRESS = Duration.ofSeconds(10);
    /** An account id no run creates ({@code RecordIds} are name-based, version 3): the probe reads it, gets 404. */
    static final String PATH = "/api/v1/accounts/00000000-0000-4000-8000-000000000000";

    private TargetProbe() {
    }

    /**
     * Sends {@code GET <target>/api/v1/accounts/<an id no run creates>} until the orchestrator's JSON answers, at most
     * for {@code limit}; returns a line saying what answered. Throws {@link IllegalStateException} naming the target
     * and the last reason when nothing answered within {@code limit}, or at once when the TLS handshake failed.
     */
    static String await(HttpClient client, URI target, boolean trustAll, Duration limit, Duration requestTimeout,
            Consumer<String> console) {
        URI probe = URI.create(HttpClients.base(target) + PATH);
        long start = System.nanoTime();
        long deadline = start + limit.toNanos();
        long nextProgress = start + PROGRESS.toNanos();
        String reason = null;
        while (true) {
            long sent = System.nanoTime();
            try {
                HttpRequest request = HttpRequest.newBuilder(probe).timeout(requestTimeout)
                        .header("Accept", "application/json").GET().build();
                HttpResponse<Void> response = client.send(request, HttpResponse.BodyHandlers.discarding());
                String type = response.headers().firstValue("Content-Type").orElse("no Content-Type");
                if (isOrchestrators(type)) {
                    String waited = reason == null ? "" : String.format(Locale.ROOT,
                            " (after %.0f s without the orchestrator's answer)", (sent - start) / 1e9);
                    return String.format(Locale.ROOT, "target %s answers: GET %s answered %d in %.0f ms%s", target,
                            PATH, response.statusCode(), (System.nanoTime() - sent) / 1e6, waited);
                }
                reason = "answered " + response.statusCode() + " " + type + ", not the orchestrator's JSON (a gateway "
                        + "without its route or backend, or another server)";
            } catch (SSLHandshakeException e) {
                String hint = trustAll ? "" : "; --tls-trust all accepts any certificate (a self-signed one)";
                throw new IllegalStateException("the TLS handshake with " + target + " failed: " + describe(e) + hint,
                        e);
            } catch (SSLException e) {
                // e.g. "Unsupported or unrecognized SSL message": a plain HTTP port given as https://
                throw new IllegalStateException("the TLS handshake with " + target + " failed: " + describe(e)
                        + " (does that port speak plain HTTP? then the target is http://…)", e);
            } catch (IOException e) {
                boolean closed = e.getMessage() != null && e.getMessage().contains("received no bytes");
                reason = describe(e) + (closed && "http".equalsIgnoreCase(target.getScheme())
                        ? "; closed without an HTTP answer: if that port speaks TLS, the target is https://…" : "");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + target + " to answer", e);
            }
            long now = System.nanoTime();
            if (now + RETRY.toNanos() > deadline) {
                throw new IllegalStateException(String.format(Locale.ROOT, "the orchestrator did not answer through "
                        + "the target %s within %d s: %s (check --target: scheme, host and port; and that the gateway "
                        + "or the stack is up)", target, limit.toSeconds(), reason));
            }
            if (now >= nextProgress) {
                console.accept(String.format(Locale.ROOT, "target %s: no answer from the orchestrator after %.0f s "
                        + "(%s); trying again every %d s for up to %d s", target, (now - start) / 1e9, reason,
                        RETRY.toSeconds(), limit.toSeconds()));
                nextProgress = now + PROGRESS.toNanos();
            }
            try {
                Thread.sleep(RETRY.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + target + " to answer", e);
            }
        }
    }

    private static boolean unresolved(Throwable failure) {
        for (Throwable e = failure; e != null; e = e.getCause() == e ? null : e.getCause()) {
            if (e instanceof UnresolvedAddressException) {
                return true;
            }
        }
        return false;
    }

    /** The orchestrator answers every request under {@code /api/v1} with JSON: a result or a problem. */
    static boolean isOrchestrators(String contentType) {
        String type = contentType.toLowerCase(Locale.ROOT);
        return type.startsWith("application/problem+json") || type.startsWith("application/json");
    }

    /**
     * A failure as a reader can act on it: each distinct exception of the cause chain as {@code SimpleName: message}
     * (the JDK's client throws a {@code ConnectException} without a message when the connection is refused).
     */
    static String describe(Throwable failure) {
        StringBuilder text = new StringBuilder();
        int parts = 0;
        for (Throwable e = failure; e != null && parts < 3; e = e.getCause() == e ? null : e.getCause()) {
            String name = e.getClass().getSimpleName();
            if (e.getMessage() == null && e instanceof ConnectException) {
                // its causes say nothing more (ClosedChannelException) or only this (UnresolvedAddressException)
                return text.append(parts == 0 ? "" : ", caused by ").append(name).append(": no connection (")
                        .append(unresolved(e) ? "the host name does not resolve" : "refused, or nothing answers at "
                                + "that address").append(')').toString();
            }
            String message = e.getMessage();
            // a wrapper often repeats its cause's message, or its cause's name
            if (message == null ? text.indexOf(name) >= 0 : text.indexOf(message) >= 0) {
                continue;
            }
            text.append(parts == 0 ? "" : ", caused by ").append(name).append(message == null ? "" : ": " + message);
            parts++;
        }
        return text.toString();
    }
}
