package io.refsut.orchestrator.client;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.vertx.core.AbstractVerticle;
import io.vertx.core.Context;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Vertx;

/** Test help: contexts on distinct event loops of a Vert.x instance, and running a call on one of them. */
public final class EventLoops {

    private EventLoops() {
    }

    /** {@code count} event-loop contexts, given the event loops in turn (distinct while there are that many loops). */
    public static List<Context> contexts(Vertx vertx, int count) {
        List<Context> contexts = new ArrayList<>();
        vertx.deployVerticle(() -> new AbstractVerticle() {
            @Override
            public void start() {
                synchronized (contexts) {
                    contexts.add(context);
                }
            }
        }, new DeploymentOptions().setInstances(count)).toCompletionStage().toCompletableFuture().join();
        return contexts;
    }

    /** What {@code call} returns when run on {@code context}'s thread (or its failure, as an ExecutionException). */
    public static <T> T on(Context context, Callable<T> call) throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        context.runOnContext(ignored -> {
            try {
                result.complete(call.call());
            } catch (Exception | Error e) {
                result.completeExceptionally(e);
            }
        });
        return result.get(10, TimeUnit.SECONDS);
    }
}
