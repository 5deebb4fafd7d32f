package io.refsut.loadtest.report;

import io.refsut.loadtest.workload.Operation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Computes the client-side figures of the measured window from the injectors' request records.
 *
 * <p>The <b>measured window</b> of each injector is {@code [ramp + settle, ramp + settle + duration)} seconds after its
 * anchor, by intended start: an arrival belongs to it when the schedule intended it there, however late it was sent.
 * Arrivals before it (ramp and settle) are summarised apart ({@code beforeWindow}).
 *
 * <p><b>Reads</b> are {@code read_account} and {@code read_payment}; <b>writes</b> are {@code update_account},
 * {@code make_payment} and {@code create_account} (see {@link Operation#isWrite()}).
 */
public final class Measurement {

    /**
     * Lower bound of the late threshold, ms: below it, lag is the timer and scheduling noise of a shared machine
     * (GC pauses, CPU starvation of the injector's JVM), which the response time counts anyway.
     */
    public static final double LATE_FLOOR_MS = 100;
    /** Upper bound of the late threshold, ms. */
    public static final double LATE_CEILING_MS = 1000;
    /** Arrival intervals of lag above which an arrival is late. */
    public static final double LATE_INTERVALS = 10;
    /** Share of late arrivals (percent) above which the injector fell behind. */
    public static final double LATE_LIMIT_PCT = 1;
    /** Key of the all-operations series in {@code perSecond}. */
    public static final String ALL = "all";

    private static final long HIGHEST_US = 3_600_000_000L;

    /** Everything the summary shows of the client side. */
    public record Result(OperationStats overall, Map<String, OperationStats> operations, OperationStats reads,
            OperationStats writes, OperationStats beforeWindow, Map<String, List<SecondStats>> perSecond,
            InjectorReport injector, double throughput, long windowStartEpochMillis, long windowEndEpochMillis) {
    }

    private Measurement() {
    }

    /**
     * Figures of {@code logs} (one per injector, {@code targetRate / logs.size()} each) for a window of
     * {@code durationSeconds} after {@code rampSeconds + settleSeconds}.
     */
    public static Result measure(List<RequestRecords> logs, List<String> operationOrder, double targetRate,
            double rampSeconds, double settleSeconds, double durationSeconds, String arrivalProcess) {
        long windowStart = Math.round((rampSeconds + settleSeconds) * 1e9);
        long windowEnd = windowStart + Math.round(durationSeconds * 1e9);
        int seconds = (int) Math.ceil(durationSeconds);
        Acc overall = new Acc();
        Acc reads = new Acc();
        Acc writes = new Acc();
        Acc before = new Acc();
        Map<String, Acc> operations = new LinkedHashMap<>();
        operationOrder.forEach(name -> operations.put(name, new Acc()));
        Map<String, Series> series = new LinkedHashMap<>();
        series.put(ALL, new Series(seconds));
        operationOrder.forEach(name -> series.put(name, new Series(seconds)));
        Series lagSeries = new Series(seconds);
        double perInjectorRate = targetRate / Math.max(1, logs.size());
        double lateMs = Math.max(LATE_FLOOR_MS, Math.min(LATE_CEILING_MS, LATE_INTERVALS * 1000 / perInjectorRate));
        long lateNanos = Math.round(lateMs * 1e6);
        long planned = 0;
        long sent = 0;
        long late = 0;
        List<long[]> lagChunks = new ArrayList<>();
        for (RequestRecords log : logs) {
            long[] lags = new long[log.arrivals().size()];
            int n = 0;
            for (RequestRecords.Arrival a : log.arrivals()) {
                if (a.sentNanos() >= windowStart && a.sentNanos() < windowEnd) {
                    sent++;
                }
                int completionSecond = (int) Math.floorDiv(a.endNanos() - windowStart, 1_000_000_000L);
                if (completionSecond >= 0 && completionSecond < seconds) {
                    series.get(ALL).completions[completionSecond]++;
                    series.computeIfAbsent(a.operation(), x -> new Series(seconds)).completions[completionSecond]++;
                }
                if (a.intendedNanos() < windowStart) {
                    before.add(a);
                    continue;
                }
                if (a.intendedNanos() >= windowEnd) {
                    continue;
                }
                planned++;
                overall.add(a);
                operations.computeIfAbsent(a.operation(), x -> new Acc()).add(a);
                boolean write = isWrite(a.operation());
                (write ? writes : reads).add(a);
                int second = (int) ((a.intendedNanos() - windowStart) / 1_000_000_000L);
                series.get(ALL).add(second, a);
                series.computeIfAbsent(a.operation(), x -> new Series(seconds)).add(second, a);
                lagSeries.addLag(second, a.lagNanos());
                if (a.sentNanos() >= windowStart && a.sentNanos() < windowEnd) {
                    int sentSecond = (int) ((a.sentNanos() - windowStart) / 1_000_000_000L);
                    lagSeries.completions[sentSecond]++;
                }
                lags[n++] = a.lagNanos();
                if (a.lagNanos() > lateNanos) {
                    late++;
                }
            }
            lagChunks.add(Arrays.copyOf(lags, n));
        }
        long[] lags = lagChunks.stream().flatMapToLong(Arrays::stream).sorted().toArray();

        Map<String, OperationStats> operationStats = new LinkedHashMap<>();
        operations.forEach((name, acc) -> operationStats.put(name, acc.stats()));
        Map<String, List<SecondStats>> perSecond = new LinkedHashMap<>();
        series.forEach((name, s) -> perSecond.put(name, s.seconds()));

        double achieved = durationSeconds > 0 ? sent / durationSeconds : 0;
        double shortfall = planned == 0 ? 0 : Math.max(0, 100.0 * (planned - sent) / planned);
        double latePct = lags.length == 0 ? 0 : 100.0 * late / lags.length;
        List<String> reasons = new ArrayList<>();
        if (latePct > LATE_LIMIT_PCT) {
            reasons.add(String.format(Locale.ROOT, "%.1f %% of arrivals were sent more than %s ms after their "
                    + "intended start (limit %s %%)", latePct, ms(lateMs), ms(LATE_LIMIT_PCT)));
        }
        List<InjectorReport.LagSecond> lagPerSecond = new ArrayList<>();
        for (int s = 0; s < seconds; s++) {
            long[] values = lagSeries.sorted(s);
            lagPerSecond.add(new InjectorReport.LagSecond(s, lagSeries.arrivals[s], lagSeries.completions[s],
                    millis(nearestRank(values, 99)), millis(values.length == 0 ? 0 : values[values.length - 1])));
        }
        InjectorReport injector = new InjectorReport(arrivalProcess, planned, sent, round3(achieved), round3(shortfall),
                lateMs, late, round3(latePct), millis(lags.length == 0 ? 0 : Arrays.stream(lags).sum() / lags.length),
                millis(nearestRank(lags, 99)), millis(lags.length == 0 ? 0 : lags[lags.length - 1]),
                List.copyOf(lagPerSecond), !reasons.isEmpty(), List.copyOf(reasons));
        long anchor = logs.isEmpty() ? 0 : logs.get(0).anchorEpochMillis();
        OperationStats overallStats = overall.stats();
        return new Result(overallStats, operationStats, reads.stats(), writes.stats(), before.stats(), perSecond,
                injector, durationSeconds > 0 ? round3(overallStats.ok() / durationSeconds) : 0,
                anchor + windowStart / 1_000_000, anchor + windowEnd / 1_000_000);
    }

    /** Whether {@code operation} writes (unknown names count as reads). */
    static boolean isWrite(String operation) {
        try {
            return Operation.fromRequestName(operation).isWrite();
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** Accumulates one group of arrivals. */
    static final class Acc {
        private final Histogram response = new Histogram(1, HIGHEST_US, 3);
        private final Histogram service = new Histogram(1, HIGHEST_US, 3);
        private long responseSum;
        private long serviceSum;
        private long responseMax;
        private long serviceMax;
        private long count;
        private final Map<String, Long> errors = new TreeMap<>();
        private final Map<String, Acc> failures = new TreeMap<>();

        void add(RequestRecords.Arrival a) {
            count++;
            if (!a.ok()) {
                errors.merge(a.kind(), 1L, Long::sum);
                failures.computeIfAbsent(a.kind(), k -> new Acc()).addOk(a);
                return;
            }
            addOk(a);
        }

        private void addOk(RequestRecords.Arrival a) {
            long r = Math.max(0, a.responseNanos());
            long s = Math.max(0, a.serviceNanos());
            response.recordValue(Math.min(Math.max(1, r / 1000), HIGHEST_US));
            service.recordValue(Math.min(Math.max(1, s / 1000), HIGHEST_US));
            responseSum += r;
            serviceSum += s;
            responseMax = Math.max(responseMax, r);
            serviceMax = Math.max(serviceMax, s);
        }

        OperationStats stats() {
            Latency r = latency(response, responseSum, responseMax);
            Map<String, Latency> failureFigures = new LinkedHashMap<>();
            failures.forEach((kind, acc) -> failureFigures.put(kind, latency(acc.response, acc.responseSum,
                    acc.responseMax)));
            long ok = response.getTotalCount();
            return new OperationStats(count, ok, count - ok, new LinkedHashMap<>(errors), r.meanMs(), r.p50Ms(),
                    r.p95Ms(), r.p99Ms(), r.p999Ms(), r.maxMs(), latency(service, serviceSum, serviceMax),
                    failureFigures);
        }

        private static Latency latency(Histogram h, long sumNanos, long maxNanos) {
            long n = h.getTotalCount();
            if (n == 0) {
                return Latency.EMPTY;
            }
            double max = millis(maxNanos);
            return new Latency(n, millis(sumNanos / n), pct(h, 50, max), pct(h, 95, max), pct(h, 99, max),
                    pct(h, 99.9, max), max);
        }

        private static double pct(Histogram h, double percentile, double maxMs) {
            return Math.min(maxMs, round3(h.getValueAtPercentile(percentile) / 1000.0));
        }
    }

    /** Per-second figures of one operation: exact, from the sorted values of each second. */
    static final class Series {
        final long[] arrivals;
        final long[] completions;
        private final List<Map<String, Long>> errors = new ArrayList<>();
        private final long[][] values;
        private final int[] sizes;

        Series(int seconds) {
            arrivals = new long[seconds];
            completions = new long[seconds];
            values = new long[seconds][];
            sizes = new int[seconds];
            for (int s = 0; s < seconds; s++) {
                errors.add(new TreeMap<>());
                values[s] = new long[16];
            }
        }

        void add(int second, RequestRecords.Arrival a) {
            arrivals[second]++;
            if (a.ok()) {
                push(second, a.responseNanos());
            } else {
                errors.get(second).merge(a.kind(), 1L, Long::sum);
            }
        }

        void addLag(int second, long lag) {
            arrivals[second]++;
            push(second, lag);
        }

        private void push(int second, long value) {
            if (sizes[second] == values[second].length) {
                values[second] = Arrays.copyOf(values[second], sizes[second] * 2);
            }
            values[second][sizes[second]++] = value;
        }

        long[] sorted(int second) {
            long[] v = Arrays.copyOf(values[second], sizes[second]);
            Arrays.sort(v);
            return v;
        }

        List<SecondStats> seconds() {
            List<SecondStats> list = new ArrayList<>();
            for (int s = 0; s < arrivals.length; s++) {
                long[] v = sorted(s);
                list.add(new SecondStats(s, arrivals[s], completions[s], Map.copyOf(errors.get(s)),
                        millis(nearestRank(v, 50)), millis(nearestRank(v, 99)),
                        millis(v.length == 0 ? 0 : v[v.length - 1])));
            }
            return List.copyOf(list);
        }
    }

    /** Nearest-rank percentile of sorted {@code values} (0 when empty). */
    static long nearestRank(long[] sorted, double pct) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(pct / 100 * sorted.length);
        return sorted[Math.min(Math.max(rank, 1), sorted.length) - 1];
    }

    /** Nanoseconds as milliseconds rounded to the microsecond. */
    static double millis(long nanos) {
        return Math.round(nanos / 1000.0) / 1000.0;
    }

    static double round3(double value) {
        return Math.round(value * 1000) / 1000.0;
    }

    private static String ms(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : String.format(Locale.ROOT, "%.1f", value);
    }
}
