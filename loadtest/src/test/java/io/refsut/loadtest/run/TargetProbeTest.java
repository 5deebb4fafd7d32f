package io.refsut.loadtest.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class TargetProbeTest {

    private final HttpClient client = HttpClients.create(true);
    private final List<String> console = new ArrayList<>();
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private static final String PROBLEM = "application/problem+json;charset=UTF-8";
    private volatile Supplier<String> contentType = () -> PROBLEM;

    @Test
    void anyHttpAnswerCountsAndTheProbeReadsAnIdNoRunCreates() throws IOException {
        HttpServer server = server(0);
        try {
            String line = TargetProbe.await(client, uri(server.getAddress().getPort()), true, Duration.ofSeconds(10),
                    Duration.ofSeconds(5), console::add);

            assertTrue(line.contains("answered 404"), line);
            assertFalse(line.contains("without the orchestrator's answer"), line);
            assertEquals(List.of("GET " + TargetProbe.PATH), requests);
            assertEquals(List.of(), console, "no progress line for a target that answers at once");
        } finally {
            server.stop(0);
        }
    }

    @Test
    void waitsForATargetThatComesUpLateAndSaysHowLong() throws Exception {
        int port = freePort();
        HttpServer[] started = new HttpServer[1];
        Thread later = new Thread(() -> {
            try {
                Thread.sleep(2500);
                started[0] = server(port);
            } catch (InterruptedException | IOException e) {
                throw new IllegalStateException(e);
            }
        });
        later.start();
        try {
            String line = TargetProbe.await(client, uri(port), true, Duration.ofSeconds(30), Duration.ofSeconds(5),
                    console::add);

            assertTrue(line.contains("answered 404") && line.contains("without the orchestrator's answer"), line);
            assertEquals(1, requests.size(), requests.toString());
        } finally {
            later.join(10_000);
            if (started[0] != null) {
                started[0].stop(0);
            }
        }
    }

    @Test
    void nothingAnsweringFailsWithinTheLimitNamingTargetAndReason() throws IOException {
        int port = freePort();

        IllegalStateException failure = assertThrows(IllegalStateException.class, () -> TargetProbe.await(client,
                uri(port), true, Duration.ofSeconds(2), Duration.ofSeconds(1), console::add));

        assertTrue(failure.getMessage().startsWith("the orchestrator did not answer through the target "
                + "http://127.0.0.1:" + port + " within 2 s: ConnectException: no connection"), failure.getMessage());
        assertTrue(failure.getMessage().contains("check --target"), failure.getMessage());
    }

    @Test
    void aGatewaysOwnAnswerIsNotTheOrchestratorsAndIsWaitedOut() throws Exception {
        HttpServer server = server(0);
        long routed = System.nanoTime() + 2_500_000_000L;
        contentType = () -> System.nanoTime() < routed ? "text/plain; charset=utf-8" : PROBLEM;
        try {
            String line = TargetProbe.await(client, uri(server.getAddress().getPort()), true, Duration.ofSeconds(30),
                    Duration.ofSeconds(5), console::add);

            assertTrue(line.contains("answered 404") && line.contains("without the orchestrator's answer"), line);
            assertTrue(requests.size() >= 2, requests.toString());
        } finally {
            server.stop(0);
        }
    }

    @Test
    void onlyAGatewayAnsweringFailsWithWhatItAnswered() throws IOException {
        HttpServer server = server(0);
        contentType = () -> "text/plain; charset=utf-8";
        try {
            IllegalStateException failure = assertThrows(IllegalStateException.class, () -> TargetProbe.await(client,
                    uri(server.getAddress().getPort()), true, Duration.ofSeconds(2), Duration.ofSeconds(1),
                    console::add));

            assertTrue(failure.getMessage().contains("within 2 s: answered 404 text/plain; charset=utf-8, not the "
                    + "orchestrator's JSON"), failure.getMessage());
        } finally {
            server.stop(0);
        }
    }

    @Test
    void httpsToAPlainHttpPortFailsAtOnceSayingSo() throws Exception {
        // a probe that kept trying would end after 30 s with "did not answer", not with the handshake
        String failure = failureAgainst("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n", "https",
                Duration.ofSeconds(30));

        assertTrue(failure.startsWith("the TLS handshake with https://127.0.0.1:") && failure.contains("SSLException"),
                failure);
        assertTrue(failure.contains("then the target is http://"), failure);
    }

    @Test
    void httpToAPortThatClosesWithoutAnswerSuggestsHttps() throws Exception {
        String failure = failureAgainst("", "http", Duration.ofSeconds(2));

        assertTrue(failure.contains("within 2 s") && failure.contains("if that port speaks TLS, the target is "
                + "https://"), failure);
    }

    /**
     * The probe's failure against a raw loopback socket that answers every connection with {@code reply} (nothing:
     * closes at once), as {@code scheme}.
     */
    private String failureAgainst(String reply, String scheme, Duration limit) throws Exception {
        try (ServerSocket socket = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            Thread server = answerEveryConnection(socket, reply);
            URI target = URI.create(scheme + "://127.0.0.1:" + socket.getLocalPort());
            IllegalStateException failure = assertThrows(IllegalStateException.class, () -> TargetProbe.await(client,
                    target, true, limit, Duration.ofSeconds(5), console::add));
            socket.close();
            server.join(5000);
            return failure.getMessage();
        }
    }

    /** Answers every connection with {@code reply} (nothing: closes at once) until the socket is closed. */
    private static Thread answerEveryConnection(ServerSocket socket, String reply) {
        Thread server = new Thread(() -> {
            while (!socket.isClosed()) {
                try (Socket connection = socket.accept()) {
                    connection.getOutputStream().write(reply.getBytes(StandardCharsets.US_ASCII));
                } catch (IOException e) {
                    return;
                }
            }
        }, "probe-test-server");
        server.setDaemon(true);
        server.start();
        return server;
    }

    @Test
    void describesAConnectExceptionWithoutMessageAndSkipsRepeatedCauses() {
        ConnectException refused = new ConnectException();
        IOException wrapper = new IOException(refused.toString(), refused);

        assertEquals("ConnectException: no connection (refused, or nothing answers at that address)",
                TargetProbe.describe(refused));
        assertEquals("IOException: java.net.ConnectException, caused by ConnectException: no connection (refused, or "
                + "nothing answers at that address)", TargetProbe.describe(wrapper));
        // as the JDK's client throws it for a host name that does not resolve
        ConnectException unresolved = new ConnectException();
        unresolved.initCause(new UnresolvedAddressException());
        ConnectException outer = new ConnectException();
        outer.initCause(unresolved);
        assertEquals("ConnectException: no connection (the host name does not resolve)", TargetProbe.describe(outer));
        assertEquals("IOException: timed out, caused by IllegalStateException: boom",
                TargetProbe.describe(new IOException("timed out", new IllegalStateException("boom"))));
    }

    private HttpServer server(int port) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        server.createContext("/", exchange -> {
            requests.add(exchange.getRequestMethod() + " " + exchange.getRequestURI());
            exchange.getResponseHeaders().add("Content-Type", contentType.get());
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
        server.start();
        return server;
    }

    private static URI uri(int port) {
        return URI.create("http://127.0.0.1:" + port);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
