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
import java.util.stream.IntStream;

/**
 * The scheduler's accounting of every thread on Linux ({@code /proc/<pid>/task/<tid>/schedstat}: nanoseconds on a
 * core, nanoseconds ready to run but waiting for one, and time slices, that is how often the thread was put on a core;
 * and from {@code status} its {@code nonvoluntary_ctxt_switches}, the times it was taken off a core while it still had
 * work, so that the time slices split into wake-ups after the thread's own wait and returns after a preemption),
 * summed by thread kind: the thread's name ({@code comm}, cut by the kernel to 15 characters) with every run of
 * digits written {@code #}, so that the numbered threads of one pool count together
 * ({@code vert.x-eventloo} the Vert.x event loops, {@code AsyncGetter-#-t} the MongoDB driver's connection check-out,
 * {@code C# CompilerThre} the JIT compilers). Where {@code /proc} has no such files every process has no threads here.
 */
final class ThreadStats {

    /**
     * What {@code sut bench} reports per thread kind, per operation: on a core, waiting for one, time slices, and the
     * preemptions among the ends of those slices.
     */
    static final List<String> FIGURES = List.of("cpuUs", "runQueueWaitUs", "timeSlices", "preemptions");
    /** The figures that count events (rounded to 0.001), not µs (rounded to 0.1). */
    private static final List<String> COUNTS = List.of("timeSlices", "preemptions");
    /** The kind that sums every thread of a process. */
    static final String ALL = "all";

    private ThreadStats() {
    }

    /** One thread's counters so far. */
    record Sample(String name, long runNanos, long waitNanos, long slices, long preemptions) {

        /** The counters in the order of {@link #FIGURES} (nanoseconds, nanoseconds, count, count). */
        long[] counters() {
            return new long[] {runNanos, waitNanos, slices, preemptions};
        }
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
                            Long.parseLong(counters[0]), Long.parseLong(counters[1]), Long.parseLong(counters[2]),
                            preemptions(Files.readString(task.resolve("status")))));
                } catch (IOException | RuntimeException e) {
                    // the thread ended between the listing and the read
                }
            }
        } catch (IOException | RuntimeException e) {
            return Map.of();
        }
        return threads;
    }

    /** The {@code nonvoluntary_ctxt_switches} of a thread's {@code status}; 0 where it has none. */
    static long preemptions(String status) {
        String key = "nonvoluntary_ctxt_switches:";
        int at = status.indexOf(key);
        if (at < 0) {
            return 0;
        }
        int end = status.indexOf('\n', at);
        return Long.parseLong(status.substring(at + key.length(), end < 0 ? status.length() : end).strip());
    }

    /** A thread's kind: its name with every run of digits written {@code #}. */
    static String kind(String name) {
        return name.replaceAll("[0-9]+", "#");
    }

    /**
     * Per process, per thread kind, what its threads did between the two samples divided by {@code operations}: {@code
     * cpuUs}, {@code runQueueWaitUs} (µs), {@code timeSlices} and {@code preemptions}; kinds in decreasing CPU, then
     * {@link #ALL}. A thread counts under its name in the second sample; one started in between (or whose id an ended
     * one had) from zero; one that ended in between is missing, so {@code all} may be below the process's own CPU
     * time. A kind whose threads neither ran nor woke is left out, as is a process with no thread in either sample.
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
            long[] all = new long[FIGURES.size()];
            threads.forEach((tid, now) -> {
                Sample then = earlier.get(tid);
                long[] counters = now.counters();
                long[] start = then == null ? new long[counters.length] : then.counters();
                // the same thread, perhaps renamed; counters that went back are a new thread with a reused id
                boolean same = IntStream.range(0, counters.length).allMatch(i -> counters[i] >= start[i]);
                long[] sum = kinds.computeIfAbsent(kind(now.name()), k -> new long[counters.length]);
                for (int i = 0; i < counters.length; i++) {
                    long delta = counters[i] - (same ? start[i] : 0);
                    sum[i] += delta;
                    all[i] += delta;
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

    /** The {@link #FIGURES} of summed counters (nanoseconds, nanoseconds, counts, counts) per operation. */
    private static double[] perOperation(long[] sums, double ops) {
        double[] values = new double[sums.length];
        for (int i = 0; i < sums.length; i++) {
            values[i] = (COUNTS.contains(FIGURES.get(i)) ? sums[i] : sums[i] / 1e3) / ops;
        }
        return values;
    }

    /** The {@link #FIGURES} by name, as bench.json keeps them: µs to 0.1, counts to 0.001. */
    static Map<String, Object> figures(double[] values) {
        Map<String, Object> figures = new LinkedHashMap<>();
        for (int i = 0; i < FIGURES.size(); i++) {
            String figure = FIGURES.get(i);
            double value = values[i];
            figures.put(figure, COUNTS.contains(figure) ? BenchRunner.round3(value) : BenchRunner.round(value));
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
