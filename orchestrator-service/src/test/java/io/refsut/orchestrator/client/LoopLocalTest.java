package io.refsut.orchestrator.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;

/** {@link LoopLocal}: an instance per event loop, a shared one elsewhere, and the proxy that dispatches to them. */
class LoopLocalTest {

    private static Vertx vertx;
    /** Two contexts on the two event loops of {@link #vertx}. */
    private static final List<Context> LOOPS = new ArrayList<>();

    @BeforeAll
    static void start() {
        vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(2));
        LOOPS.addAll(EventLoops.contexts(vertx, 2));
    }

    @AfterAll
    static void stop() {
        vertx.close().toCompletionStage().toCompletableFuture().join();
    }

    private static <T> T on(Context context, Callable<T> call) throws Exception {
        return EventLoops.on(context, call);
    }

    /** A stand-in for a REST client: says which instance answered, and can fail as a call does. */
    interface Greeter {
        String greet(String name);
    }

    private record Named(int number) implements Greeter {
        @Override
        public String greet(String name) {
            if (name.isEmpty()) {
                throw new IllegalArgumentException("no name");
            }
            return "instance " + number + " greets " + name;
        }
    }

    @Test
    void eachEventLoopKeepsItsOwnInstanceAndOtherThreadsShareOne() throws Exception {
        AtomicInteger made = new AtomicInteger();
        LoopLocal<Greeter> greeters = new LoopLocal<>(() -> new Named(made.incrementAndGet()));
        Context first = LOOPS.get(0);
        Context second = LOOPS.get(1);
        assertNotSame(on(first, Thread::currentThread), on(second, Thread::currentThread), "two event loops");

        Greeter onFirst = on(first, greeters::current);
        Greeter onSecond = on(second, greeters::current);
        assertNotSame(onFirst, onSecond);
        assertSame(onFirst, on(first, greeters::current), "the same loop gets its instance again");
        assertSame(onSecond, on(second, greeters::current));

        Greeter shared = greeters.current(); // the test's thread is no event loop
        assertNotSame(onFirst, shared);
        assertNotSame(onSecond, shared);
        assertSame(shared, greeters.current());
        Greeter onWorker = vertx.executeBlocking(greeters::current).toCompletionStage().toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        assertSame(shared, onWorker, "a worker thread is no event loop either");

        assertEquals(3, made.get(), "made once per event loop and once shared");
        assertEquals(3, greeters.size());
    }

    @Test
    void theProxyCallsTheCallersInstanceAndPassesItsFailureOn() throws Exception {
        AtomicInteger made = new AtomicInteger();
        LoopLocal<Greeter> greeters = new LoopLocal<>(() -> new Named(made.incrementAndGet()));
        Greeter proxy = LoopLocal.proxy(Greeter.class, greeters);

        String first = on(LOOPS.get(0), () -> proxy.greet("ann"));
        String second = on(LOOPS.get(1), () -> proxy.greet("bob"));
        assertEquals(on(LOOPS.get(0), greeters::current).greet("ann"), first);
        assertEquals(on(LOOPS.get(1), greeters::current).greet("bob"), second);

        IllegalArgumentException failure = assertThrows(IllegalArgumentException.class, () -> proxy.greet(""));
        assertEquals("no name", failure.getMessage());

        assertEquals("Greeter per event loop", proxy.toString());
        assertEquals(proxy, proxy);
        assertEquals(System.identityHashCode(proxy), proxy.hashCode());
        assertEquals(3, made.get(), "toString, equals and hashCode reach no instance");
    }

    @Test
    void closeClosesEveryInstanceMadeAndNoneIsMadeAfter() throws Exception {
        LoopLocal<Greeter> greeters = new LoopLocal<>(() -> new Named(0));
        Greeter onFirst = on(LOOPS.get(0), greeters::current);
        Greeter shared = greeters.current();
        List<Greeter> closed = new ArrayList<>();

        greeters.close(closed::add);

        assertEquals(2, closed.size());
        assertTrue(closed.stream().anyMatch(g -> g == onFirst));
        assertTrue(closed.stream().anyMatch(g -> g == shared));
        ExecutionException late = assertThrows(ExecutionException.class, () -> on(LOOPS.get(1), greeters::current));
        assertInstanceOf(IllegalStateException.class, late.getCause());
    }
}
