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
    record Settings(double rate, int accounts, Duration before, Duration down, Duration freeze, Duration after,
            Duration settle, Duration requestTimeout, Duration startTimeout, Duration recoveryWait, long seed) {
    }

    /** One scenario's outcome; offsets are seconds from the load's start. */
    record Outcome(Fault fault, long cases, long fiveXx, long failed, long timedOut, double failureP99Ms,
            double maxFailedMs, double recoverySeconds, int longestFailedSeconds, double faultAtSecond,
            double backAtSecond, List<String> breakerTransitions, ConsistencyCheck.Result consistency,
            Timeline timeline, Map<String, Long> failedBreakdown, String error) {
    }

    /** Seconds without a failed request that count as recovered. */
    static final int QUIET_SECONDS = 5;

    private FaultPart() {
    }

    static Outcome run(Fault fault, LocalStack stack, DatabaseProcess database, DatabaseInspector inspector,
            HttpClient client, Settings settings, Consumer<String> console) throws IOException, InterruptedException {
        Workload workload = new Workload(stack.targetUrl(), settings.seed() + fault.ordinal());
        workload.warmUp(client);
        workload.seed(client, settings.accounts());
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
                stack.service(fault.process).signal("STOP");
                try {
                    Thread.sleep(settings.freeze().toMillis());
                } finally {
                    stack.service(fault.process).signal("CONT");
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
                (backAt - origin) / 1e9, breakers.transitions(), consistency, timeline, perOperation, error);
        console.accept(String.format("%s: %d requests, %d failed (%d 5xx, %d timed out), failed p99 %.0f ms, "
                + "recovery %.1f s, %d lost, %d inconsistent, %d compensated", fault.id(), outcome.cases(),
                outcome.failed(), fiveXx, timedOut, outcome.failureP99Ms(), outcome.recoverySeconds(),
                consistency.lost(), consistency.inconsistent(), consistency.compensated()));
        return outcome;
    }

    /**
     * After {@code --after}, keeps the load going while a request failed in the last {@link #QUIET_SECONDS} seconds,
     * for at most {@code wait} more: a slow recovery is measured instead of cut off.
     */
    private static void awaitQuiet(ConstantLoad load, Duration wait, Consumer<String> console, Fault fault)
            throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        while (System.nanoTime() < deadline) {
            long quietSince = System.nanoTime() - QUIET_SECONDS * 1_000_000_000L;
            boolean recentFailure = load.samples().stream().anyMatch(s -> s.failed() && s.startNanos() > quietSince);
            if (!recentFailure) {
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
