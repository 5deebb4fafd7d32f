package io.refsut.loadtest.bench;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The scheduler's accounting of every thread on Linux ({@code /proc/<pid>/task/<tid>/schedstat}: nanoseconds on a
 * core, nanoseconds ready to run but waiting for one, and time slices, that is how often the thread was put on a core,
 * about once per wake-up), summed by thread kind: the thread's name ({@code comm}, cut by the kernel to 15
 * characters) with every run of digits written {@code #}, so that the numbered threads of one pool count together
 * ({@code vert.x-eventloo} the Vert.x event loops, {@code AsyncGetter-#-t} the MongoDB driver's connection check-out,
 * {@code C# CompilerThre} the JIT compilers). Where {@code /proc} has no such files every process has no threads here.
 */
final class ThreadStats {

    /** What {@code sut bench} reports per thread kind, per operation: on a core, waiting for one, time slices. */
    static final List<String> FIGURES = List.of("cpuUs", "runQueueWaitUs", "timeSlices");
    /** The kind that sums every thread of a process. */
    static final String ALL = "all";

    private ThreadStats() {
    }

    /** One thread's counters so far. */
    record Sample(String name, long runNanos, long waitNanos, long slices) {
    }

    /** Every thread of each named process now, by thread id. */
    static Map<String, Map<Long, Sample>> sample(Map<String, Long> pids) {
        Map<String, Map<Long, Sample>> all = new LinkedHashMap<>();
        pids.forEach((process, pid) -> all.put(process, sample(pid)));
        return all;
    }

    /** Every thread of one process now, by thread id; empty when unknown (process gone, no schedstat). */
    static Map<Long, Sample> sample(long pid) {
        Map<Long, Sample> threads = new HashMap<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : tasks) {
                try {
                    String[] counters = Files.readString(task.resolve("schedstat")).trim().split("\\s+");
                    String name = Files.readString(task.resolve("comm")).strip();
                    threads.put(Long.parseLong(task.getFileName().toString()), new Sample(name,
                            Long.parseLong(counters[0]), Long.parseLong(counters[1]), Long.parseLong(counters[2])));
                } catch (IOException | RuntimeException e) {
                    // the thread ended between the listing and the read
                }
            }
        } catch (IOException | RuntimeException e) {
            return Map.of();
        }
        return threads;
    }

    /** A thread's kind: its name with every run of digits written {@code #}. */
    static String kind(String name) {
        return name.replaceAll("[0-9]+", "#");
    }

    /**
     * Per process, per thread kind, what its threads did between the two samples divided by {@code operations}: {@code
     * cpuUs}, {@code runQueueWaitUs} (µs) and {@code timeSlices}; kinds in decreasing CPU, then {@link #ALL}. A thread
     * counts under its name in the second sample; one started in between (or whose id an ended one had) from zero;
     * one that ended in between is missing, so {@code all} may be below the process's own CPU time. A kind whose
     * threads neither ran nor woke is left out, as is a process with no thread in either sample.
     */
    static Map<String, Object> perOperation(Map<String, Map<Long, Sample>> before, Map<String, Map<Long, Sample>> after,
            long operations) {
        double ops = Math.max(1, operations);
        Map<String, Object> processes = new LinkedHashMap<>();
        after.forEach((process, threads) -> {
            Map<Long, Sample> earlier = before.getOrDefault(process, Map.of());
            if (threads.isEmpty() || earlier.isEmpty()) {
                return;
            }
            Map<String, long[]> kinds = new HashMap<>();
            long[] all = new long[3];
            threads.forEach((tid, now) -> {
                Sample then = earlier.get(tid);
                // the same thread, perhaps renamed; counters that went back are a new thread with a reused id
                boolean same = then != null && now.runNanos() >= then.runNanos() && now.slices() >= then.slices();
                long[] delta = {now.runNanos() - (same ? then.runNanos() : 0),
                    now.waitNanos() - (same ? then.waitNanos() : 0), now.slices() - (same ? then.slices() : 0)};
                long[] sum = kinds.computeIfAbsent(kind(now.name()), k -> new long[3]);
                for (int i = 0; i < 3; i++) {
                    sum[i] += delta[i];
                    all[i] += delta[i];
                }
            });
            List<Map.Entry<String, long[]>> ordered = new ArrayList<>(kinds.entrySet());
            ordered.sort((a, b) -> a.getValue()[0] != b.getValue()[0] ? Long.compare(b.getValue()[0], a.getValue()[0])
                    : a.getKey().compareTo(b.getKey()));
            Map<String, Object> byKind = new LinkedHashMap<>();
            ordered.stream().filter(entry -> entry.getValue()[0] != 0 || entry.getValue()[2] != 0)
                    .forEach(entry -> byKind.put(entry.getKey(), figures(perOperation(entry.getValue(), ops))));
            byKind.put(ALL, figures(perOperation(all, ops)));
            processes.put(process, byKind);
        });
        return processes;
    }

    /** The {@link #FIGURES} of summed counters (nanoseconds, nanoseconds, slices) per operation. */
    private static double[] perOperation(long[] sums, double ops) {
        return new double[] {sums[0] / 1e3 / ops, sums[1] / 1e3 / ops, sums[2] / ops};
    }

    /** The {@link #FIGURES} by name, as bench.json keeps them: µs to 0.1, time slices to 0.001. */
    static Map<String, Object> figures(double[] values) {
        Map<String, Object> figures = new LinkedHashMap<>();
        for (int i = 0; i < FIGURES.size(); i++) {
            String figure = FIGURES.get(i);
            double value = values[i];
            figures.put(figure, figure.equals("timeSlices") ? BenchRunner.round3(value) : BenchRunner.round(value));
        }
        return figures;
    }

    /** The {@link #FIGURES} of one kind's entry in bench.json, in their order (0 where absent). */
    static double[] values(Map<String, Object> figures) {
        double[] values = new double[FIGURES.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = figures.get(FIGURES.get(i)) instanceof Number number ? number.doubleValue() : 0;
        }
        return values;
    }
}
