package io.refsut.loadtest.run;

import io.refsut.loadtest.simulation.LoadSimulation;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** Prints the load phase's progress (writes done, rate, estimated time left) every few seconds. */
final class LoadProgress implements AutoCloseable {

    private static final long PERIOD_SECONDS = 3;

    private final ScheduledExecutorService timer;

    private LoadProgress(ScheduledExecutorService timer) {
        this.timer = timer;
    }

    static LoadProgress start(long total, Consumer<String> console) {
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "sut-load-progress");
            thread.setDaemon(true);
            return thread;
        });
        long started = System.nanoTime();
        timer.scheduleAtFixedRate(() -> {
            long done = LoadSimulation.done();
            double seconds = (System.nanoTime() - started) / 1e9;
            double rate = done / Math.max(seconds, 1e-3);
            String left = rate > 0 ? String.format(Locale.ROOT, ", about %.0f s left", (total - done) / rate) : "";
            console.accept(String.format(Locale.ROOT, "load phase: %d/%d writes (%.0f%%), %.0f/s, %d failed%s", done,
                    total, 100.0 * done / Math.max(1, total), rate, LoadSimulation.failed(), left));
        }, PERIOD_SECONDS, PERIOD_SECONDS, TimeUnit.SECONDS);
        return new LoadProgress(timer);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
