package io.refsut.loadtest.reliability;

import io.refsut.loadtest.report.PrometheusText;
import io.refsut.loadtest.stack.LocalStack;
import io.refsut.loadtest.stack.ServiceProcess;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Part 4, soak: constant load for a long time while every service's resident memory ({@code VmRSS}), heap after
 * the last GC ({@code jvm_gc_live_data_size_bytes}) and open sockets (in {@code /proc/PID/fd}) are sampled every
 * 10 s; reports them per minute and the p99 drift between the first and the last minute.
 */
final class SoakPart {

    /** Per service and minute: average RSS MiB, heap after GC MiB, open sockets. */
    record Outcome(long cases, long fiveXx, long failed, double firstMinuteP99Ms, double lastMinuteP99Ms,
            Map<String, List<double[]>> perMinute, ConsistencyCheck.Result consistency) {
    }

    private SoakPart() {
    }

    static Outcome run(LocalStack stack, DatabaseInspector inspector, HttpClient client, double rate,
            Duration duration, Duration requestTimeout, long seed, Consumer<String> console)
            throws IOException, InterruptedException {
        Workload workload = new Workload(stack.targetUrl(), seed);
        workload.warmUp(client);
        workload.seed(client, 100);
        console.accept("soak: " + rate + "/s for " + duration.toSeconds() + " s");
        long origin = System.nanoTime();
        ConstantLoad load = ConstantLoad.start(client, workload, rate, requestTimeout, 2000, duration);
        Map<String, List<double[]>> samples = new LinkedHashMap<>();
        long end = origin + duration.toNanos();
        while (System.nanoTime() < end) {
            double minute = Math.floor((System.nanoTime() - origin) / 60e9);
            for (ServiceProcess service : stack.services()) {
                samples.computeIfAbsent(service.name(), n -> new ArrayList<>()).add(new double[] {minute,
                    rssMiB(service.pid()), heapAfterGcMiB(client, service), sockets(service.pid())});
            }
            Thread.sleep(Math.min(10_000, Math.max(1, (end - System.nanoTime()) / 1_000_000)));
        }
        List<ConstantLoad.Sample> all = load.stop();
        Map<String, List<double[]>> perMinute = new LinkedHashMap<>();
        samples.forEach((service, rows) -> perMinute.put(service, averagePerMinute(rows)));
        int lastMinute = (int) Math.max(0, Math.floor((duration.toNanos() - 1) / 60e9));
        List<Double> first = new ArrayList<>();
        List<Double> last = new ArrayList<>();
        long fiveXx = 0;
        long failed = 0;
        for (ConstantLoad.Sample sample : all) {
            int minute = (int) ((sample.startNanos() - origin) / 60_000_000_000L);
            if (minute == 0) {
                first.add(sample.latencyMs());
            }
            if (minute == lastMinute) {
                last.add(sample.latencyMs());
            }
            fiveXx += sample.status() >= 500 ? 1 : 0;
            failed += sample.failed() ? 1 : 0;
        }
        return new Outcome(all.size(), fiveXx, failed, Timeline.percentileOf(first, 99),
                Timeline.percentileOf(last, 99), perMinute, ConsistencyCheck.afterSweep(inspector, workload, console));
    }

    private static List<double[]> averagePerMinute(List<double[]> rows) {
        Map<Integer, double[]> sums = new LinkedHashMap<>();
        for (double[] row : rows) {
            double[] sum = sums.computeIfAbsent((int) row[0], m -> new double[5]);
            for (int i = 1; i < 4; i++) {
                sum[i] += row[i];
            }
            sum[4]++;
        }
        List<double[]> averages = new ArrayList<>();
        sums.forEach((minute, sum) -> averages.add(new double[] {minute, sum[1] / sum[4], sum[2] / sum[4],
            sum[3] / sum[4]}));
        return averages;
    }

    static double rssMiB(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("\\D", "")) / 1024.0;
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    static double sockets(long pid) {
        try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            return fds.filter(fd -> {
                try {
                    return Files.readSymbolicLink(fd).toString().startsWith("socket:");
                } catch (IOException e) {
                    return false;
                }
            }).count();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static double heapAfterGcMiB(HttpClient client, ServiceProcess service) {
        try {
            String text = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                    + service.managementPort() + "/q/metrics")).timeout(Duration.ofSeconds(2)).GET().build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            return PrometheusText.parse(text).stream().filter(s -> s.name().equals("jvm_gc_live_data_size_bytes"))
                    .mapToDouble(PrometheusText.Sample::value).sum() / (1024 * 1024);
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }
}
