package io.refsut.orchestrator.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.Cancellable;
import io.vertx.core.Context;
import io.vertx.core.Vertx;

/** {@link DownstreamCalls#within}: the timeout of one call attempt, a Vert.x timer on the calling event loop. */
class DownstreamTimeoutTest {

    private static Vertx vertx;

    @BeforeAll
    static void start() {
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void stop() {
        vertx.close().toCompletionStage().toCompletableFuture().join();
    }

    @Test
    void passesAnAnswerGivenInTimeAndNothingAfterIt() throws Exception {
        CompletableFuture<String> answer = new CompletableFuture<>();
        AtomicReference<Object> result = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(1);
        onEventLoop(() -> DownstreamCalls.within(vertx, 200, () -> Uni.createFrom().completionStage(answer))
                .subscribe().with(item -> {
                    result.set(item);
                    done.countDown();
                }, failure -> {
                    result.set(failure);
                    done.countDown();
                }));
        answer.complete("found");
        assertTrue(done.await(5, TimeUnit.SECONDS));
        assertEquals("found", result.get());
        // past the timeout the item stays the only signal
        Thread.sleep(400);
        assertEquals("found", result.get());
    }

    @Test
    void passesAFailureGivenInTime() throws Exception {
        IllegalStateException boom = new IllegalStateException("HTTP 500");
        Throwable failure = awaitFailure(DownstreamCalls.within(vertx, 1000, () -> Uni.createFrom().failure(boom)));
        assertSame(boom, failure);
    }

    @Test
    void failsWithATimeoutOnTheCallingEventLoopWhenNoAnswerCameInTimeAndLeavesTheCallRunning() throws Exception {
        AtomicBoolean callCancelled = new AtomicBoolean();
        Uni<String> never = Uni.createFrom().<String> nothing().onCancellation().invoke(() -> callCancelled.set(true));
        AtomicReference<Thread> caller = new AtomicReference<>();
        AtomicReference<Thread> failedOn = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(1);
        long start = System.nanoTime();
        onEventLoop(() -> {
            caller.set(Thread.currentThread());
            DownstreamCalls.within(vertx, 150, () -> never).subscribe().with(item -> done.countDown(), e -> {
                failedOn.set(Thread.currentThread());
                failure.set(e);
                done.countDown();
            });
        });
        assertTrue(done.await(5, TimeUnit.SECONDS));
        long elapsedMs = Duration.ofNanos(System.nanoTime() - start).toMillis();
        assertInstanceOf(TimeoutException.class, failure.get());
        assertTrue(failure.get().getMessage().contains("150 ms"), failure.get().getMessage());
        assertTrue(elapsedMs >= 140, "failed after " + elapsedMs + " ms, before the timeout");
        assertSame(caller.get(), failedOn.get(), "the timeout fired on another thread than the calling event loop");
        assertTrue(!callCancelled.get(), "the timed-out call was cancelled; its read timeout is what ends it");
    }

    @Test
    void aCancelledWaitCancelsItsCall() throws Exception {
        AtomicBoolean callCancelled = new AtomicBoolean();
        Uni<String> never = Uni.createFrom().<String> nothing().onCancellation().invoke(() -> callCancelled.set(true));
        AtomicReference<Cancellable> subscription = new AtomicReference<>();
        AtomicBoolean signalled = new AtomicBoolean();
        onEventLoop(() -> subscription.set(DownstreamCalls.within(vertx, 200, () -> never).subscribe()
                .with(item -> signalled.set(true), e -> signalled.set(true))));
        subscription.get().cancel();
        assertTrue(callCancelled.get());
        Thread.sleep(400);
        assertTrue(!signalled.get(), "a cancelled wait still signalled (its timer was not cancelled)");
    }

    private static Throwable awaitFailure(Uni<?> uni) throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(1);
        onEventLoop(() -> uni.subscribe().with(item -> done.countDown(), e -> {
            failure.set(e);
            done.countDown();
        }));
        assertTrue(done.await(5, TimeUnit.SECONDS));
        return failure.get();
    }

    /** Runs the action on an event loop of {@link #vertx} and waits until it has returned. */
    private static void onEventLoop(Runnable action) throws Exception {
        Context context = vertx.getOrCreateContext();
        CountDownLatch ran = new CountDownLatch(1);
        context.runOnContext(ignored -> {
            action.run();
            ran.countDown();
        });
        assertTrue(ran.await(5, TimeUnit.SECONDS));
    }
}
