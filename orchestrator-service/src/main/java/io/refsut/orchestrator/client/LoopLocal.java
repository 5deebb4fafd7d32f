package io.refsut.orchestrator.client;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Supplier;

import io.vertx.core.Context;

/**
 * One instance of {@code T} per Vert.x event-loop thread, made on that thread's first call, and one shared instance for
 * every other thread.
 *
 * <p>
 * The orchestrator keeps a REST client per data service and event loop with it: a Vert.x HTTP client's connection
 * belongs to the event loop that opened it, and its pool hands the most recently answered connection to any caller,
 * so with one client per service most calls went out and came back through another event loop than the one that made
 * them, two hand-offs between threads each (docs/performance.md, "Cut: a REST client per event loop"). With a client
 * per event loop, a call opens and reuses connections of its own loop only.
 *
 * @param <T> what is kept per event loop
 */
public final class LoopLocal<T> {

    /** The key of the instance shared by every thread that is not an event loop. */
    private static final Object SHARED = new Object();

    private final Supplier<T> factory;
    /** By event-loop thread, and the shared one under {@link #SHARED}. */
    private final Map<Object, T> instances = new ConcurrentHashMap<>();
    private boolean closed;

    public LoopLocal(Supplier<T> factory) {
        this.factory = factory;
    }

    /** The calling event loop's instance, or the shared one when the caller is not on an event loop. */
    public T current() {
        Object key = Context.isOnEventLoopThread() ? Thread.currentThread() : SHARED;
        T instance = instances.get(key);
        return instance != null ? instance : instances.computeIfAbsent(key, ignored -> make());
    }

    private synchronized T make() {
        if (closed) {
            throw new IllegalStateException("closed");
        }
        return factory.get();
    }

    /** How many instances exist: one per event loop that has called, plus the shared one once used. */
    public int size() {
        return instances.size();
    }

    /** Closes every instance made so far; later calls fail. */
    public void close(Consumer<T> closer) {
        List<T> made;
        synchronized (this) {
            closed = true;
            made = new ArrayList<>(instances.values());
        }
        made.forEach(closer);
    }

    /**
     * An implementation of {@code type} whose every call goes to {@code instances.current()}: the caller's event loop's
     * instance.
     */
    public static <T> T proxy(Class<T> type, LoopLocal<? extends T> instances) {
        InvocationHandler handler = new Dispatch(type, instances);
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] { type }, handler));
    }

    private record Dispatch(Class<?> type, LoopLocal<?> instances) implements InvocationHandler {

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            if (method.getDeclaringClass() == Object.class) {
                return switch (method.getName()) {
                    case "equals" -> proxy == args[0];
                    case "hashCode" -> System.identityHashCode(proxy);
                    default -> type.getSimpleName() + " per event loop";
                };
            }
            try {
                return method.invoke(instances.current(), args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }
    }
}
