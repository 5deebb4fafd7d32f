package io.refsut.orchestrator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.refsut.orchestrator.client.Account;
import io.refsut.orchestrator.client.AccountsRestClient;
import io.refsut.orchestrator.client.CallContext;
import io.refsut.orchestrator.client.EventLoops;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;

/**
 * The orchestrator's REST clients keep a client per event loop (DownstreamClients): calls made on one event loop go
 * over connections of their own, and a connection one loop opened is never lent to another. A stand-in accounts
 * service answers every find with the port the call came from, as the account's note.
 */
@QuarkusTest
@WithTestResource(DownstreamClientsTest.PortEcho.class)
class DownstreamClientsTest {

    @Inject
    AccountsRestClient accounts;
    @Inject
    Vertx vertx;

    @Test
    void eachEventLoopCallsOverConnectionsOfItsOwn() throws Exception {
        List<Context> loops = EventLoops.contexts(vertx, 2);
        assertNotSame(threadOf(loops.get(0)), threadOf(loops.get(1)), "two event loops");

        List<Set<Integer>> ports = List.of(new HashSet<>(), new HashSet<>());
        for (int round = 0; round < 3; round++) { // one after the other: each call finds the last one's connection free
            for (int loop = 0; loop < 2; loop++) {
                ports.get(loop).add(clientPort(loops.get(loop)));
            }
        }
        Set<Integer> offLoop = new HashSet<>();
        for (int round = 0; round < 2; round++) {
            offLoop.add(Integer.parseInt(accounts.find(UUID.randomUUID(), context()).await().atMost(
                    java.time.Duration.ofSeconds(10)).note()));
        }

        assertEquals(1, ports.get(0).size(), "the first loop reuses its connection: " + ports);
        assertEquals(1, ports.get(1).size(), "the second loop reuses its connection: " + ports);
        assertTrue(ports.get(0).stream().noneMatch(ports.get(1)::contains), "no connection shared: " + ports);
        assertEquals(1, offLoop.size(), "a thread that is no event loop reuses the shared client's connection");
        assertTrue(ports.stream().noneMatch(set -> set.containsAll(offLoop)), ports + " / " + offLoop);
    }

    private static Thread threadOf(Context context) throws Exception {
        return EventLoops.on(context, Thread::currentThread);
    }

    /** The client port of one find made on {@code context}'s event loop. */
    private int clientPort(Context context) throws Exception {
        CompletableFuture<Account> answer = new CompletableFuture<>();
        context.runOnContext(ignored -> accounts.find(UUID.randomUUID(), context()).subscribe()
                .with(answer::complete, answer::completeExceptionally));
        return Integer.parseInt(answer.get(10, TimeUnit.SECONDS).note());
    }

    private static CallContext context() {
        return new CallContext(UUID.randomUUID().toString(), null);
    }

    /** An accounts service on a free loopback port that answers every request with the caller's port as the note. */
    public static class PortEcho implements QuarkusTestResourceLifecycleManager {

        private Vertx vertx;

        @Override
        public Map<String, String> start() {
            vertx = Vertx.vertx();
            HttpServer server = vertx.createHttpServer().requestHandler(request -> request.response()
                    .putHeader("Content-Type", "application/json")
                    .end("{\"id\":\"" + UUID.randomUUID() + "\",\"note\":\"" + request.remoteAddress().port() + "\"}"))
                    .listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().join();
            return Map.of("quarkus.rest-client.accounts.url", "http://127.0.0.1:" + server.actualPort());
        }

        @Override
        public void stop() {
            if (vertx != null) {
                vertx.close().toCompletionStage().toCompletableFuture().join();
            }
        }
    }
}
