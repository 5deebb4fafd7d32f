package io.refsut.loadtest.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * An in-memory stand-in for the orchestrator's public API (plain HTTP on a free loopback port), enough for the
 * load test's own tests: accounts with balances, payments, the read endpoints and the lookups (a lookup naming an
 * {@link #unreadable} id answers 500 as a whole). Tests may corrupt its state.
 */
public final class FakeOrchestrator implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Stored account view: the account document and its balance. */
    public final Map<UUID, ObjectNode> accounts = new ConcurrentHashMap<>();
    /** Stored balances in minor units. */
    public final Map<UUID, Long> balances = new ConcurrentHashMap<>();
    /** Stored payments. */
    public final Map<UUID, ObjectNode> payments = new ConcurrentHashMap<>();

    // faults apply to the injector's requests, not to the reconciliation's read-back (X-Request-Id reconcile-*)

    /** Every account read waits this long before answering (0 = none). */
    public volatile long readDelayMillis;
    /** Every n-th account read answers a fast 503 (0 = never). */
    public volatile int failEveryNthRead;
    /** After this many account reads, every request stalls until {@link #stallMillis} have passed (0 = never). */
    public volatile long stallAfterReads;
    /** Length of the stall. */
    public volatile long stallMillis;

    /** Ids (accounts or payments) every GET of which answers 500. */
    public final java.util.Set<UUID> unreadable = ConcurrentHashMap.newKeySet();
    /** Payments the first GET does not find (404) and the next ones do: a write that lands late. */
    public final Map<UUID, ObjectNode> landingLate = new ConcurrentHashMap<>();
    /** Payments answered as stored at the first GET, then replaced by the given document (a sweep settling them). */
    public final Map<UUID, ObjectNode> settleAfterFirstRead = new ConcurrentHashMap<>();
    /** The same, replaced after the second GET (settled while the reconciliation waits for pending payments). */
    public final Map<UUID, ObjectNode> settleAfterSecondRead = new ConcurrentHashMap<>();
    private final Map<UUID, Integer> paymentReads = new ConcurrentHashMap<>();

    /** The read-back's requests (X-Request-Id reconcile-*): lookups, and GETs of one record. */
    public final java.util.concurrent.atomic.AtomicLong readBackLookups = new java.util.concurrent.atomic.AtomicLong();
    public final java.util.concurrent.atomic.AtomicLong readBackGets = new java.util.concurrent.atomic.AtomicLong();

    /** Account creates still to answer 503 without writing (each such create takes one). */
    public final java.util.concurrent.atomic.AtomicInteger accountCreatesFailingUnwritten =
            new java.util.concurrent.atomic.AtomicInteger();
    /** Account creates still to answer 503 after writing (the write lands behind the failure). */
    public final java.util.concurrent.atomic.AtomicInteger accountCreatesFailingWritten =
            new java.util.concurrent.atomic.AtomicInteger();
    /**
     * Account creates still to answer 503 leaving half an account: for {@link #halfMadeMillis} the id answers a create
     * 409 and a read 404 (as an account whose balance half is missing), then it is gone (the recovery sweep).
     */
    public final java.util.concurrent.atomic.AtomicInteger accountCreatesHalfMade =
            new java.util.concurrent.atomic.AtomicInteger();
    public volatile long halfMadeMillis = 10_000;
    private final Map<UUID, Long> halfMade = new ConcurrentHashMap<>();
    /** Payments still to answer 503 after writing and debiting. */
    public final java.util.concurrent.atomic.AtomicInteger paymentsFailingWritten =
            new java.util.concurrent.atomic.AtomicInteger();

    private final java.util.concurrent.atomic.AtomicLong reads = new java.util.concurrent.atomic.AtomicLong();
    private volatile long stallUntilNanos;
    private final HttpServer server;
    private final ExecutorService executor = Executors.newFixedThreadPool(8);

    public FakeOrchestrator() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.setExecutor(executor);
        server.createContext("/api/v1/accounts", this::accounts);
        server.createContext("/api/v1/payments", this::payments);
        server.start();
    }

    public URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    private void accounts(HttpExchange exchange) throws IOException {
        String method = exchange.getRequestMethod();
        String[] path = exchange.getRequestURI().getPath().split("/");
        boolean injected = !countReadBack(exchange, path);
        if (method.equals("GET") && injected) {
            long n = reads.incrementAndGet();
            if (stallAfterReads > 0 && n == stallAfterReads) {
                stallUntilNanos = System.nanoTime() + stallMillis * 1_000_000;
            }
            int every = failEveryNthRead;
            if (every > 0 && n % every == 0) {
                send(exchange, 503, "{\"status\":503,\"detail\":\"accounts unavailable\"}");
                return;
            }
            sleep(readDelayMillis * 1_000_000);
        }
        if (injected) {
            sleep(stallUntilNanos - System.nanoTime());
        }
        if (method.equals("POST") && isLookup(path)) {
            lookup(exchange, id -> accounts.containsKey(id) ? view(id) : null);
            return;
        }
        if (method.equals("POST") && path.length == 4) {
            ObjectNode body = (ObjectNode) JSON.readTree(exchange.getRequestBody());
            UUID id = UUID.fromString(body.get("id").asText());
            long initial = body.get("initialBalanceMinor").asLong();
            body.remove("initialBalanceMinor");
            Long sweptAt = halfMade.get(id);
            if (sweptAt != null && System.nanoTime() < sweptAt) {
                send(exchange, 409, "{\"status\":409}");
                return;
            }
            halfMade.remove(id);
            if (take(accountCreatesHalfMade)) {
                halfMade.put(id, System.nanoTime() + halfMadeMillis * 1_000_000);
                send(exchange, 503, "{\"status\":503,\"detail\":\"balances timed out\"}");
                return;
            }
            if (take(accountCreatesFailingUnwritten)) {
                send(exchange, 503, "{\"status\":503,\"detail\":\"accounts timed out\"}");
                return;
            }
            if (accounts.putIfAbsent(id, body) != null) {
                send(exchange, 409, "{\"status\":409}");
                return;
            }
            balances.put(id, initial);
            if (take(accountCreatesFailingWritten)) {
                send(exchange, 503, "{\"status\":503,\"detail\":\"balances timed out\"}");
                return;
            }
            send(exchange, 201, view(id).toString());
            return;
        }
        if (path.length != 5) {
            send(exchange, 404, "{}");
            return;
        }
        UUID id = UUID.fromString(path[4]);
        if (unreadable.contains(id)) {
            send(exchange, 500, "{\"status\":500}");
            return;
        }
        ObjectNode account = accounts.get(id);
        if (account == null) {
            send(exchange, 404, "{\"status\":404}");
            return;
        }
        if (method.equals("PUT")) {
            JsonNode body = JSON.readTree(exchange.getRequestBody());
            ObjectNode updated = account.deepCopy();
            updated.put("owner", body.get("owner").asText());
            accounts.put(id, updated);
            send(exchange, 200, JSON.createObjectNode().set("account", updated).toString());
            return;
        }
        send(exchange, 200, view(id).toString());
    }

    /** Takes one from {@code left} if it is above 0. */
    private static boolean take(java.util.concurrent.atomic.AtomicInteger left) {
        return left.getAndUpdate(n -> Math.max(0, n - 1)) > 0;
    }

    private static void sleep(long nanos) {
        if (nanos > 0) {
            try {
                Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void payments(HttpExchange exchange) throws IOException {
        sleep(stallUntilNanos - System.nanoTime());
        String[] path = exchange.getRequestURI().getPath().split("/");
        countReadBack(exchange, path);
        if (exchange.getRequestMethod().equals("POST") && isLookup(path)) {
            lookup(exchange, id -> {
                ObjectNode payment = readPayment(id);
                return payment == null ? null : JSON.createObjectNode().set("payment", payment);
            });
            return;
        }
        if (exchange.getRequestMethod().equals("POST")) {
            ObjectNode body = (ObjectNode) JSON.readTree(exchange.getRequestBody());
            UUID id = UUID.fromString(body.get("id").asText());
            UUID account = UUID.fromString(body.get("accountId").asText());
            if (!accounts.containsKey(account)) {
                send(exchange, 404, "{\"status\":404}");
                return;
            }
            if (payments.putIfAbsent(id, body) != null) {
                send(exchange, 409, "{\"status\":409}");
                return;
            }
            balances.merge(account, -body.get("amountMinor").asLong(), Long::sum);
            if (take(paymentsFailingWritten)) {
                send(exchange, 503, "{\"status\":503,\"detail\":\"audit timed out\"}");
                return;
            }
            send(exchange, 201, JSON.createObjectNode().set("payment", body).toString());
            return;
        }
        UUID paymentId = path.length == 5 ? UUID.fromString(path[4]) : null;
        if (paymentId != null && unreadable.contains(paymentId)) {
            send(exchange, 500, "{\"status\":500}");
            return;
        }
        ObjectNode payment = paymentId != null ? readPayment(paymentId) : null;
        if (payment == null) {
            send(exchange, 404, "{\"status\":404}");
            return;
        }
        send(exchange, 200, JSON.createObjectNode().set("payment", payment).toString());
    }

    /** One read of a stored payment (null: not found), with the state changes a read makes (landing, settling). */
    private ObjectNode readPayment(UUID paymentId) {
        if (landingLate.containsKey(paymentId)) {
            payments.put(paymentId, landingLate.remove(paymentId));
            return null;
        }
        ObjectNode payment = payments.get(paymentId);
        if (payment == null) {
            return null;
        }
        ObjectNode settled = settleAfterFirstRead.remove(paymentId);
        if (settled != null) {
            payments.put(paymentId, settled);
        }
        if (settleAfterSecondRead.containsKey(paymentId) && paymentReads.merge(paymentId, 1, Integer::sum) >= 2) {
            payments.put(paymentId, settleAfterSecondRead.remove(paymentId));
        }
        return payment;
    }

    /** {@code /api/v1/<collection>/lookup}. */
    private static boolean isLookup(String[] path) {
        return path.length == 5 && path[4].equals("lookup");
    }

    /**
     * Counts a request of the reconciliation's read-back (X-Request-Id reconcile-*) in {@link #readBackLookups} or
     * {@link #readBackGets}; true for such a request, false for the injector's.
     */
    private boolean countReadBack(HttpExchange exchange, String[] path) {
        String requestId = exchange.getRequestHeaders().getFirst("X-Request-Id");
        if (requestId == null || !requestId.startsWith("reconcile-")) {
            return false;
        }
        (isLookup(path) ? readBackLookups : readBackGets).incrementAndGet();
        return true;
    }

    /** A lookup: {@code {"found": [view…], "notFound": [id…]}}; 500 as a whole when it names an unreadable id. */
    private void lookup(HttpExchange exchange, java.util.function.Function<UUID, ObjectNode> read)
            throws IOException {
        JsonNode ids = JSON.readTree(exchange.getRequestBody()).path("ids");
        for (JsonNode id : ids) {
            if (unreadable.contains(UUID.fromString(id.asText()))) {
                send(exchange, 500, "{\"status\":500}");
                return;
            }
        }
        ObjectNode answer = JSON.createObjectNode();
        com.fasterxml.jackson.databind.node.ArrayNode found = answer.putArray("found");
        com.fasterxml.jackson.databind.node.ArrayNode notFound = answer.putArray("notFound");
        for (JsonNode id : ids) {
            ObjectNode view = read.apply(UUID.fromString(id.asText()));
            if (view != null) {
                found.add(view);
            } else {
                notFound.add(id.asText());
            }
        }
        send(exchange, 200, answer.toString());
    }

    private ObjectNode view(UUID id) {
        ObjectNode view = JSON.createObjectNode();
        view.set("account", accounts.get(id));
        view.set("balance", JSON.createObjectNode().put("id", id.toString()).put("availableMinor", balances.get(id)));
        return view;
    }

    private static void send(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
