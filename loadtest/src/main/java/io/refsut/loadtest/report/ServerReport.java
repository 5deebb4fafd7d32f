package io.refsut.loadtest.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * What the services measured during the run: the difference of two {@link ServerMetrics} snapshots.
 *
 * @param mongodb             per data service, per MongoDB operation ({@code find|insert|replace}): time in MongoDB
 * @param business            per business operation: the orchestrator's end-to-end time
 * @param downstream          per {@code dependency.call} ("accounts.find"): the orchestrator's downstream call time
 * @param partialTransactions per business operation: transactions left partial
 * @param settings            per service: labels of {@code sut_mongodb_settings} (effective write concern, etc.)
 * @param scraped             services scraped both before and after the run
 * @param missing             services that could not be scraped, with the reason
 * @param notes               caveats (counter resets, services without a baseline)
 */
public record ServerReport(Map<String, Map<String, ServerTiming>> mongodb, Map<String, ServerTiming> business,
        Map<String, ServerTiming> downstream, Map<String, Long> partialTransactions,
        Map<String, Map<String, String>> settings, List<String> scraped, Map<String, String> missing,
        List<String> notes) {

    static final String MONGODB = "sut_mongodb_operation_seconds";
    static final String BUSINESS = "sut_business_operation_seconds";
    static final String DOWNSTREAM = "sut_downstream_call_seconds";
    static final String PARTIAL = "sut_transaction_partial_total";
    static final String SETTINGS = "sut_mongodb_settings";

    /** An empty report (no scrape). */
    public static ServerReport none() {
        return new ServerReport(Map.of(), Map.of(), Map.of(), Map.of(), Map.of(), List.of(), Map.of(), List.of());
    }

    /** Differences {@code after − before} of every service that answered the {@code after} scrape. */
    public static ServerReport diff(ServerMetrics before, ServerMetrics after) {
        Map<String, Map<String, ServerTiming>> mongodb = new TreeMap<>();
        Map<String, ServerTiming> business = new TreeMap<>();
        Map<String, ServerTiming> downstream = new TreeMap<>();
        Map<String, Long> partial = new TreeMap<>();
        Map<String, Map<String, String>> settings = new TreeMap<>();
        List<String> scraped = new ArrayList<>();
        Map<String, String> missing = new TreeMap<>(before.missing());
        missing.putAll(after.missing());
        List<String> notes = new ArrayList<>();

        for (Map.Entry<String, List<PrometheusText.Sample>> entry : new TreeMap<>(after.samples()).entrySet()) {
            String service = entry.getKey();
            List<PrometheusText.Sample> now = entry.getValue();
            List<PrometheusText.Sample> then = before.samples().get(service);
            if (then == null) {
                then = List.of();
                if (!before.isEmpty()) {
                    notes.add(service + ": no scrape before the run, figures count from the service's start");
                }
            } else {
                scraped.add(service);
            }
            Delta delta = new Delta(then, now);
            Map<String, ServerTiming> operations = timings(delta, MONGODB, s -> s.label("operation"));
            if (!operations.isEmpty()) {
                mongodb.put(service, operations);
            }
            business.putAll(timings(delta, BUSINESS, s -> s.label("operation")));
            downstream.putAll(timings(delta, DOWNSTREAM, s -> s.label("dependency") + "." + s.label("call")));
            delta.counters(PARTIAL, s -> s.label("operation")).forEach((op, n) -> partial.merge(op, n, Long::sum));
            if (delta.reset) {
                notes.add(service + ": a counter went down (service restarted?), its value after the run was used");
            }
            for (PrometheusText.Sample sample : now) {
                if (SETTINGS.equals(sample.name())) {
                    settings.put(service, new TreeMap<>(sample.labels()));
                }
            }
        }
        return new ServerReport(mongodb, business, downstream, partial, settings, List.copyOf(scraped), missing,
                List.copyOf(notes));
    }

    private static Map<String, ServerTiming> timings(Delta delta, String metric,
            Function<PrometheusText.Sample, String> key) {
        Map<String, Map<Double, Double>> buckets = new TreeMap<>();
        Map<String, Double> counts = new TreeMap<>();
        Map<String, Double> sums = new TreeMap<>();
        Map<String, Map<String, Long>> outcomes = new TreeMap<>();
        for (PrometheusText.Sample sample : delta.after) {
            String name = sample.name();
            if (!name.startsWith(metric + "_") || name.equals(metric + "_max")) {
                // only the histogram's cumulative series are differenced; gauges (its _max, JVM memory) may go down
                continue;
            }
            double change = delta.change(sample);
            if (name.equals(metric + "_bucket")) {
                Double le = PrometheusText.number(sample.label("le"));
                if (le != null && !le.isNaN()) {
                    buckets.computeIfAbsent(key.apply(sample), k -> new TreeMap<>()).merge(le, change, Double::sum);
                }
            } else if (name.equals(metric + "_count")) {
                counts.merge(key.apply(sample), change, Double::sum);
                String outcome = sample.label("outcome").isEmpty() ? "all" : sample.label("outcome");
                outcomes.computeIfAbsent(key.apply(sample), k -> new TreeMap<>())
                        .merge(outcome, Math.round(change), Long::sum);
            } else if (name.equals(metric + "_sum")) {
                sums.merge(key.apply(sample), change, Double::sum);
            }
        }
        Map<String, ServerTiming> result = new TreeMap<>();
        counts.forEach((k, count) -> {
            if (count <= 0) {
                return;
            }
            Map<Double, Double> cumulative = buckets.getOrDefault(k, Map.of());
            double mean = sums.getOrDefault(k, 0.0) / count;
            Map<String, Long> byOutcome = new LinkedHashMap<>();
            outcomes.getOrDefault(k, Map.of()).forEach((outcome, n) -> {
                if (n > 0) {
                    byOutcome.put(outcome, n);
                }
            });
            result.put(k, new ServerTiming(Math.round(count), byOutcome, micros(mean),
                    micros(quantile(0.50, cumulative)), micros(quantile(0.95, cumulative)),
                    micros(quantile(0.99, cumulative))));
        });
        return result;
    }

    private static double micros(double seconds) {
        return Double.isNaN(seconds) ? 0 : Math.round(seconds * 1e7) / 10.0;
    }

    /**
     * The {@code q} quantile of a cumulative histogram (upper bound "le" → count at or below it), interpolating
     * linearly in the bucket that holds it; NaN when empty. A quantile in the +Inf bucket gives the highest finite bound.
     */
    static double quantile(double q, Map<Double, Double> cumulative) {
        if (cumulative.isEmpty()) {
            return Double.NaN;
        }
        TreeMap<Double, Double> sorted = new TreeMap<>(cumulative);
        double total = sorted.lastEntry().getValue();
        if (total <= 0) {
            return Double.NaN;
        }
        double rank = q * total;
        double lowerBound = 0;
        double lowerCount = 0;
        for (Map.Entry<Double, Double> bucket : sorted.entrySet()) {
            double upperBound = bucket.getKey();
            double upperCount = bucket.getValue();
            if (upperCount >= rank) {
                if (Double.isInfinite(upperBound)) {
                    return lowerBound;
                }
                if (upperCount == lowerCount) {
                    return upperBound;
                }
                return lowerBound + (upperBound - lowerBound) * (rank - lowerCount) / (upperCount - lowerCount);
            }
            lowerBound = upperBound;
            lowerCount = upperCount;
        }
        return lowerBound;
    }

    /** Per-series change of monotonic samples between two scrapes of one service. */
    private static final class Delta {
        final List<PrometheusText.Sample> after;
        final Map<String, Map<Map<String, String>, Double>> before = new HashMap<>();
        boolean reset;

        Delta(List<PrometheusText.Sample> before, List<PrometheusText.Sample> after) {
            this.after = after;
            for (PrometheusText.Sample sample : before) {
                this.before.computeIfAbsent(sample.name(), k -> new HashMap<>()).put(sample.labels(), sample.value());
            }
        }

        double change(PrometheusText.Sample sample) {
            Double previous = before.getOrDefault(sample.name(), Map.of()).get(sample.labels());
            if (previous == null || Double.isNaN(previous)) {
                return sample.value();
            }
            if (sample.value() < previous) {
                reset = true;
                return sample.value();
            }
            return sample.value() - previous;
        }

        Map<String, Long> counters(String name, Function<PrometheusText.Sample, String> key) {
            Map<String, Long> result = new TreeMap<>();
            for (PrometheusText.Sample sample : after) {
                if (sample.name().equals(name)) {
                    result.merge(key.apply(sample), Math.round(change(sample)), Long::sum);
                }
            }
            return result;
        }
    }
}
