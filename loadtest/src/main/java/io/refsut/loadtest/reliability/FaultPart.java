package io.refsut.loadtest.reliability;

import io.refsut.loadtest.report.PrometheusText;
import io.refsut.loadtest.stack.LocalStack;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Part 2, faults under constant load: for each {@link Fault}, fresh accounts, the load running, the fault injected,
 * the process back, the load continued, then the timeline, the breaker transitions seen in the orchestrator's
 * metrics and a {@link ConsistencyCheck}.
 */
final class FaultPart {

    /** How long each phase lasts and how hard the load pushes. */
    record Settings(double rate, int accounts, Duration warmupMax, Duration before, Duration down, Duration freeze,
            Duration after, Duration settle, Duration requestTimeout, Duration startTimeout, Duration recoveryWait,
            long seed) {
    }

    /** One scenario's outcome; offsets are seconds from the load's start. */
    record Outcome(Fault fault, long cases, long fiveXx, long failed, long timedOut, double failureP99Ms,
            double maxFailedMs, double recoverySeconds, int longestFailedSeconds, double faultAtSecond,
            double backAtSecond, List<String> breakerTransitions, ConsistencyCheck.Result consistency,
            Timeline timeline, Map<String, Long> failedBreakdown, String error, Warmup warmup) {
    }

    /** The unmeasured load before a scenario: how long it ran, its requests and failures, and whether it held. */
    record Warmup(double seconds, long requests, long failed, boolean held) {
    }

    /** Seconds without a failed request that count as recovered. */
    static final int QUIET_SECONDS = 5;
    private static final long QUIET_NANOS = QUIET_SECONDS * 1_000_000_000L;

    private FaultPart() {
    }

    static Outcome run(Fault fault, LocalStack stack, DatabaseProcess database, DatabaseInspector inspector,
            HttpClient client, Settings settings, Consumer<String> console) throws IOException, InterruptedException {
        Workload workload = new Workload(stack.targetUrl(), settings.seed() + fault.ordinal());
        workload.warmUp(client);
        workload.seed(client, settings.accounts());
        Warmup warmup = holdLoad(client, workload, settings, console, fault);
        BreakerWatch breakers = new BreakerWatch(client,
                URI.create("http://127.0.0.1:" + stack.service("orchestrator").managementPort() + "/q/metrics"));
        Duration bound = settings.before().plus(settings.down()).plus(settings.startTimeout())
                .plus(settings.after()).plus(settings.recoveryWait()).plus(Duration.ofSeconds(30));
        long origin = System.nanoTime();
        ConstantLoad load = ConstantLoad.start(client, workload, settings.rate(), settings.requestTimeout(), 2000,
                bound);
        breakers.start(origin);
        long faultAt;
        long backAt;
        String error = null;
        try {
            Thread.sleep(settings.before().toMillis());
            faultAt = System.nanoTime();
            console.accept(fault.id() + ": " + fault.description);
            if (fault.freezes()) {
                Consumer<String> signal = fault.needsDatabaseProcess() ? database::signal
                        : stack.service(fault.process)::signal;
                signal.accept("STOP");
                try {
                    Thread.sleep(settings.freeze().toMillis());
                } finally {
                    signal.accept("CONT");
                }
            } else if (fault == Fault.OBSERVE) {
                Thread.sleep(settings.down().toMillis());
            } else if (fault == Fault.KILL_DATABASE) {
                database.kill();
                Thread.sleep(settings.down().toMillis());
                database.restart();
            } else {
                stack.kill(fault.process);
                Thread.sleep(settings.down().toMillis());
                stack.restart(fault.process, settings.startTimeout());
            }
            backAt = System.nanoTime();
            console.accept(fault.id() + ": back after " + String.format("%.1f", (backAt - faultAt) / 1e9)
                    + " s; load continues for " + settings.after().toSeconds() + " s");
            Thread.sleep(settings.after().toMillis());
            awaitQuiet(load, settings.recoveryWait(), console, fault);
        } catch (RuntimeException e) {
            error = e.getMessage();
            faultAt = origin;
            backAt = System.nanoTime();
        }
        List<ConstantLoad.Sample> samples = load.stop();
        breakers.stop();
        Thread.sleep(settings.settle().toMillis());
        ConsistencyCheck.Result consistency = ConsistencyCheck.afterSweep(inspector, workload, console);

        List<Double> failedLatencies = new ArrayList<>();
        long fiveXx = 0;
        long timedOut = 0;
        Map<String, Long> perOperation = new TreeMap<>();
        for (ConstantLoad.Sample sample : samples) {
            if (sample.status() >= 500) {
                fiveXx++;
            }
            if (sample.error() != null && sample.error().contains("Timeout")) {
                timedOut++;
            }
            if (sample.failed()) {
                failedLatencies.add(sample.latencyMs());
                perOperation.merge(sample.operation(), 1L, Long::sum);
                perOperation.merge(sample.status() == 0 ? "no answer: " + sample.error() : "status " + sample.status(),
                        1L, Long::sum);
            }
        }
        Timeline timeline = Timeline.of(samples, origin);
        Outcome outcome = new Outcome(fault, samples.size(), fiveXx, failedLatencies.size(), timedOut,
                Timeline.percentileOf(failedLatencies, 99),
                failedLatencies.stream().mapToDouble(Double::doubleValue).max().orElse(0),
                Timeline.recoverySeconds(samples, backAt), timeline.longestFailedSeconds(), (faultAt - origin) / 1e9,
                (backAt - origin) / 1e9, breakers.transitions(), consistency, timeline, perOperation, error, warmup);
        console.accept(String.format("%s: %d requests, %d failed (%d 5xx, %d timed out), failed p99 %.0f ms, "
                + "recovery %.1f s, %d lost, %d inconsistent, %d compensated", fault.id(), outcome.cases(),
                outcome.failed(), fiveXx, timedOut, outcome.failureP99Ms(), outcome.recoverySeconds(),
                consistency.lost(), consistency.inconsistent(), consistency.compensated()));
        return outcome;
    }

    /**
     * Runs the scenario's load unmeasured until the stack holds it: {@link #QUIET_SECONDS} without a failed request
     * and with at least half of those seconds' arrivals answered, for at most {@code --warmup-max}. A stack that has
     * just started (the first scenario of a run, or the only one) does not hold 50/s at once on a small machine: its
     * first calls time out and open the breakers, and a scenario measured from there would count that against its
     * fault. Its writes are checked with the scenario's.
     */
    private static Warmup holdLoad(HttpClient client, Workload workload, Settings settings, Consumer<String> console,
            Fault fault) throws InterruptedException {
        if (settings.warmupMax().isZero()) {
            return new Warmup(0, 0, 0, false);
        }
        long start = System.nanoTime();
        long deadline = start + settings.warmupMax().toNanos();
        ConstantLoad load = ConstantLoad.start(client, workload, settings.rate(), settings.requestTimeout(), 2000,
                settings.warmupMax().plus(settings.requestTimeout()));
        boolean held = false;
        List<ConstantLoad.Sample> samples;
        try {
            while (!held && System.nanoTime() < deadline) {
                Thread.sleep(1000);
                long now = System.nanoTime();
                held = now - start >= QUIET_NANOS && !failedSince(load, now - QUIET_NANOS)
                        && answeredSince(load, now - QUIET_NANOS) >= settings.rate() * QUIET_SECONDS / 2;
            }
        } finally {
            samples = load.stop();
        }
        long failed = samples.stream().filter(ConstantLoad.Sample::failed).count();
        Warmup warmup = new Warmup((System.nanoTime() - start) / 1e9, samples.size(), failed, held);
        console.accept(String.format("%s: warm-up %.0f s, %d requests, %d failed%s", fault.id(), warmup.seconds(),
                warmup.requests(), failed, held ? "" : "; the stack did not hold the load within --warmup-max, the "
                        + "scenario is measured anyway"));
        return warmup;
    }

    /** Requests started after {@code sinceNanos} and answered (a stack that answers nothing does not hold a load). */
    private static long answeredSince(ConstantLoad load, long sinceNanos) {
        return load.samples().stream().filter(s -> !s.failed() && s.startNanos() > sinceNanos).count();
    }

    /** Whether a request started after {@code sinceNanos} failed. */
    private static boolean failedSince(ConstantLoad load, long sinceNanos) {
        return load.samples().stream().anyMatch(s -> s.failed() && s.startNanos() > sinceNanos);
    }

    /**
     * After {@code --after}, keeps the load going while a request failed in the last {@link #QUIET_SECONDS} seconds,
     * for at most {@code wait} more: a slow recovery is measured instead of cut off.
     */
    private static void awaitQuiet(ConstantLoad load, Duration wait, Consumer<String> console, Fault fault)
            throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        while (System.nanoTime() < deadline) {
            if (!failedSince(load, System.nanoTime() - QUIET_NANOS)) {
                return;
            }
            Thread.sleep(1000);
        }
        console.accept(fault.id() + ": requests still fail " + wait.toSeconds() + " s after --after");
    }

    /** Scrapes the orchestrator's breaker states every second and keeps their transitions. */
    static final class BreakerWatch {
        private final HttpClient client;
        private final URI metrics;
        private final Map<String, String> states = new LinkedHashMap<>();
        private final List<String> transitions = new ArrayList<>();
        private volatile boolean stopped;
        private Thread thread;

        BreakerWatch(HttpClient client, URI metrics) {
            this.client = client;
            this.metrics = metrics;
        }

        void start(long origin) {
            thread = new Thread(() -> {
                while (!stopped) {
                    sample(origin);
                    try {
                        Thread.sleep(1000);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "reliability-breakers");
            thread.setDaemon(true);
            thread.start();
        }

        private void sample(long origin) {
            String text;
            try {
                text = client.send(HttpRequest.newBuilder(metrics).timeout(Duration.ofSeconds(2)).GET().build(),
                        HttpResponse.BodyHandlers.ofString()).body();
            } catch (IOException e) {
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            double second = (System.nanoTime() - origin) / 1e9;
            for (PrometheusText.Sample sample : PrometheusText.parse(text)) {
                if (!sample.name().equals("ft_circuitbreaker_state_current") || sample.value() < 1) {
                    continue;
                }
                String method = sample.label("method");
                method = method == null ? "?" : method.substring(method.lastIndexOf('.', method.lastIndexOf('.') - 1)
                        + 1);
                String state = sample.label("state");
                String previous = states.put(method, state);
                if (previous != null && !previous.equals(state)) {
                    synchronized (transitions) {
                        transitions.add(String.format("%.0f s %s %s -> %s", second, method, previous, state));
                    }
                }
            }
        }

        void stop() throws InterruptedException {
            stopped = true;
            thread.interrupt();
            thread.join(5000);
        }

        List<String> transitions() {
            synchronized (transitions) {
                return List.copyOf(transitions);
            }
        }
    }
}
