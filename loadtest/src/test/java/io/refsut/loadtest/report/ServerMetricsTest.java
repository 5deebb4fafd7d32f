package io.refsut.loadtest.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ServerMetricsTest {

    private HttpServer server;
    private final CountDownLatch release = new CountDownLatch(1);

    @BeforeEach
    void startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        server.createContext("/q/metrics", exchange -> {
            byte[] body = "sut_transaction_partial_total{operation=\"make_payment\"} 7\n".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.createContext("/broken", exchange -> {
            exchange.sendResponseHeaders(500, -1);
            exchange.close();
        });
        server.createContext("/hang", exchange -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stopServer() {
        release.countDown();
        server.stop(0);
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    @Test
    void scrapesReachableEndpointsAndRecordsTheOthersAsMissing() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        Map<String, URI> endpoints = new LinkedHashMap<>();
        endpoints.put("orchestrator", uri("/q/metrics"));
        endpoints.put("accounts", uri("/broken"));
        endpoints.put("payments", URI.create("http://127.0.0.1:" + closedPort + "/q/metrics"));

        ServerMetrics metrics = ServerMetrics.scrape(endpoints);

        assertEquals(7.0, metrics.samples().get("orchestrator").get(0).value());
        assertEquals(2, metrics.missing().size(), metrics.missing().toString());
        assertTrue(metrics.missing().get("accounts").contains("HTTP 500"));
        assertTrue(metrics.missing().containsKey("payments"));
    }

    @Test
    void anEndpointThatNeverAnswersDoesNotHangTheScrape() {
        long start = System.nanoTime();
        ServerMetrics metrics = ServerMetrics.scrape(Map.of("audit", uri("/hang"), "orchestrator", uri("/q/metrics")));
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertTrue(metrics.missing().containsKey("audit"));
        assertTrue(metrics.samples().containsKey("orchestrator"));
        // coarse bound: the scrape gives up after its own timeout instead of waiting for the server
        assertTrue(took.compareTo(ServerMetrics.SCRAPE_TIMEOUT.plusSeconds(5)) < 0, "took " + took);
    }

    @Test
    void emptyMetricsHaveNothing() {
        assertTrue(ServerMetrics.empty().isEmpty());
        assertTrue(ServerMetrics.scrape(Map.of()).isEmpty());
    }
}
