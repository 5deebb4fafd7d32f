package io.refsut.loadtest.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class HttpTest {

    private HttpServer server;
    private ExecutorService serverThreads;
    private final Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();
    private final AtomicInteger concurrent = new AtomicInteger();
    private final AtomicInteger mostConcurrent = new AtomicInteger();
    private String base;

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        serverThreads = Executors.newFixedThreadPool(16);
        server.setExecutor(serverThreads);
        server.createContext("/", exchange -> {
            clientPorts.add(exchange.getRemoteAddress().getPort());
            mostConcurrent.accumulateAndGet(concurrent.incrementAndGet(), Math::max);
            try {
                boolean item = exchange.getRequestURI().getPath().equals("/item");
                // open's requests are held long enough to be in flight together, whatever the machine's load
                Thread.sleep(item ? 5 : 300);
                byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
                int status = item ? 200 : 404;
                exchange.sendResponseHeaders(status, body.length);
                exchange.getResponseBody().write(body);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                concurrent.decrementAndGet();
                exchange.close();
            }
        });
        server.start();
        base = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        server.stop(0);
        serverThreads.shutdownNow();
    }

    @Test
    @Timeout(60)
    void openHoldsItsConnectionsAndABurstOfRequestsReusesThemWithoutOpeningMore() throws Exception {
        Http http = new Http(4);
        http.open(base + "/");
        assertEquals(4, clientPorts.size(), "open makes as many connections as the client may hold: " + clientPorts);
        Set<Integer> opened = Set.copyOf(clientPorts);
        mostConcurrent.set(0);
        ExecutorService callers = Executors.newFixedThreadPool(16);
        try {
            List<Future<String>> answers = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                answers.add(callers.submit(() -> http.send("GET", base + "/item", null, 200)));
            }
            for (Future<String> answer : answers) {
                assertEquals("{}", answer.get());
            }
        } finally {
            callers.shutdownNow();
        }
        assertEquals(opened, clientPorts, "16 callers, 200 requests: only the connections open opened");
        // how many were busy at once depends on the machine's timing; never more than the four
        assertTrue(mostConcurrent.get() <= 4, "at most four requests at once: " + mostConcurrent.get());
    }

    @Test
    @Timeout(60)
    void anUnexpectedStatusIsAnErrorNamingItAndFreesTheConnection() throws Exception {
        Http http = new Http(1);
        for (int i = 0; i < 3; i++) {
            IllegalStateException error = assertThrows(IllegalStateException.class,
                    () -> http.send("GET", base + "/other", null, 200));
            assertTrue(error.getMessage().contains("-> 404 {}"), error.getMessage());
        }
        assertEquals("{}", http.send("GET", base + "/item", null, 200));
        assertEquals(1, clientPorts.size(), "one connection, reused: " + clientPorts);
    }
}
