package io.refsut.loadtest.compare;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * Executions grouped into configurations, with every verdict the comparison states: per figure the median, range,
 * CV and outliers over each group's passed executions, rankings with the ratio to the best, whether two groups
 * differ beyond the run-to-run spread, where the time went, cost and the YCSB view.
 */
public final class Analysis {

    /** The figures compared for each operation, with how summary.json names them. */
    public static final Map<String, ToDoubleFunction<Latency>> FIGURES = figures();
    /** Hours in a month of the cost figures. */
    public static final double HOURS_PER_MONTH = 730;

    /**
     * How to group.
     *
     * @param by            keys to group on (labels of --label-set, {@code label}, or configuration parameters);
     *                      empty = every label, the label and every configuration parameter
     * @param allowMismatch group runs whose configurations differ anyway, marking the groups
     */
    public record Options(List<String> by, boolean allowMismatch) {

        public Options {
            by = by == null ? List.of() : by.stream().map(String::trim).filter(s -> !s.isEmpty()).toList();
        }

        /** Group on everything; refuse nothing (nothing can differ). */
        public static Options defaults() {
            return new Options(List.of(), false);
        }
    }

    /** Runs grouped together whose configurations differ, without --allow-mismatch. */
    public static final class MismatchException extends IllegalArgumentException {
        MismatchException(String message) {
            super(message);
        }
    }

    /**
     * One configuration.
     *
     * @param name          how tables name it
     * @param passed        executions that passed, aggregated
     * @param failed        executions that failed, listed apart and never aggregated
     * @param configuration the parameters its runs share (differing ones joined with " | ")
     * @param labels        the labels its runs share
     * @param mismatched    with --allow-mismatch: the parameters that differ, with their values
     */
    public record Group(String name, List<RunResult> passed, List<RunResult> failed, Map<String, String> configuration,
            Map<String, String> labels, List<String> mismatched) {

        /** The name as tables show it: marked when its runs' parameters differ. */
        public String display() {
            return mismatched.isEmpty() ? name : name + " ⚠";
        }
    }

    /** A group's place in a ranking: rank (1 = lowest median; equal medians share a rank) and ratio to the best. */
    public record Rank(Group group, Stat stat, int rank, double ratioToBest, Verdict vsBest) {
    }

    /** How a group compares with another on one figure. */
    public enum Verdict {
        /** The group is the best. */
        BEST("best"),
        /** The min–max ranges overlap: the difference is within the run-to-run spread. */
        NO_MEASURABLE_DIFFERENCE("no measurable difference"),
        /** The ranges do not overlap. */
        DIFFERENT("beyond the spread"),
        /** One side has fewer than two executions. */
        NOT_JUDGED("not judged (n < 2)");

        private final String text;

        Verdict(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    private final List<Group> groups;
    private final List<String> operations;
    private final Options options;

    private Analysis(List<Group> groups, List<String> operations, Options options) {
        this.groups = groups;
        this.operations = operations;
        this.options = options;
    }

    public List<Group> groups() {
        return groups;
    }

    /** Groups with at least one passed execution. */
    public List<Group> compared() {
        return groups.stream().filter(g -> !g.passed().isEmpty()).toList();
    }

    /** Every business operation any run has, then {@value RunResult#OVERALL}. */
    public List<String> operations() {
        return operations;
    }

    public Options options() {
        return options;
    }

    /** Every failed execution, in group order. */
    public List<RunResult> failed() {
        return groups.stream().flatMap(g -> g.failed().stream()).toList();
    }

    /** Groups {@code runs} by {@code options}. */
    public static Analysis of(List<RunResult> runs, Options options) {
        if (!options.by().isEmpty()) {
            for (String key : options.by()) {
                if (runs.stream().noneMatch(r -> value(r, key) != null)) {
                    Set<String> known = new LinkedHashSet<>(List.of("label"));
                    runs.forEach(r -> known.addAll(r.labels().keySet()));
                    known.addAll(RunResult.CONFIGURATION_KEYS);
                    throw new IllegalArgumentException("no run has '" + key + "' to group on; known keys: "
                            + String.join(", ", known) + " (labels come from 'sut run --label-set " + key + "=...')");
                }
            }
        }
        Map<List<String>, List<RunResult>> byKey = new LinkedHashMap<>();
        for (RunResult run : runs) {
            byKey.computeIfAbsent(key(run, options), k -> new ArrayList<>()).add(run);
        }
        List<String> names = names(byKey.keySet(), options);
        List<Group> groups = new ArrayList<>();
        List<String> refusals = new ArrayList<>();
        int i = 0;
        for (List<RunResult> members : byKey.values()) {
            String name = names.get(i++);
            Map<String, String> configuration = new LinkedHashMap<>();
            List<String> mismatched = new ArrayList<>();
            for (String key : RunResult.CONFIGURATION_KEYS) {
                Set<String> values = new LinkedHashSet<>();
                members.forEach(m -> values.add(m.configuration().getOrDefault(key, "?")));
                configuration.put(key, String.join(" | ", values));
                if (values.size() > 1 && !options.by().contains(key)) {
                    mismatched.add(key + " (" + String.join(", ", values) + ")");
                }
            }
            Map<String, String> labels = new TreeMap<>(members.get(0).labels());
            members.forEach(m -> labels.entrySet().removeIf(e -> !e.getValue().equals(m.labels().get(e.getKey()))));
            if (!mismatched.isEmpty() && !options.allowMismatch()) {
                refusals.add("'" + name + "': " + String.join(", ", mismatched));
            }
            groups.add(new Group(name, members.stream().filter(RunResult::passed).toList(),
                    members.stream().filter(r -> !r.passed()).toList(), configuration, labels, List.copyOf(mismatched)));
        }
        if (!refusals.isEmpty()) {
            throw new MismatchException("runs grouped together differ in their parameters, so their figures are not "
                    + "comparable: " + String.join("; ", refusals) + ". Group on these parameters too (--by), compare "
                    + "fewer folders, or mark the groups with --allow-mismatch.");
        }
        Set<String> operations = new LinkedHashSet<>();
        runs.forEach(r -> r.operations().keySet().forEach(op -> {
            if (!RunResult.OVERALL.equals(op)) {
                operations.add(op);
            }
        }));
        operations.add(RunResult.OVERALL);
        return new Analysis(List.copyOf(groups), List.copyOf(operations), options);
    }

    private static List<String> key(RunResult run, Options options) {
        List<String> key = new ArrayList<>();
        if (options.by().isEmpty()) {
            run.labels().forEach((k, v) -> key.add(k + "=" + v));
            key.add("label=" + run.label());
            run.configuration().forEach((k, v) -> key.add(k + "=" + v));
        } else {
            for (String k : options.by()) {
                String v = value(run, k);
                key.add(k + "=" + (v == null ? "?" : v));
            }
        }
        return key;
    }

    /** Names: with --by one value or key=value pairs; by default the parts that differ between groups. */
    private static List<String> names(Set<List<String>> keys, Options options) {
        List<List<String>> all = new ArrayList<>(keys);
        List<String> names = new ArrayList<>();
        if (!options.by().isEmpty()) {
            for (List<String> key : all) {
                names.add(key.size() == 1 ? key.get(0).substring(key.get(0).indexOf('=') + 1) : String.join(" ", key));
            }
            return names;
        }
        Map<String, Set<String>> valuesByKey = new LinkedHashMap<>();
        for (List<String> key : all) {
            for (String part : key) {
                int eq = part.indexOf('=');
                valuesByKey.computeIfAbsent(part.substring(0, eq), k -> new LinkedHashSet<>()).add(part.substring(eq + 1));
            }
        }
        for (List<String> key : all) {
            List<String> parts = new ArrayList<>();
            for (String part : key) {
                String k = part.substring(0, part.indexOf('='));
                boolean varies = valuesByKey.get(k).size() > 1 || all.stream().anyMatch(o -> o.stream()
                        .noneMatch(p -> p.startsWith(k + "=")));
                if (varies) {
                    parts.add(k.equals("label") ? part.substring(part.indexOf('=') + 1) : part);
                }
            }
            if (parts.isEmpty()) {
                parts.add(key.stream().filter(p -> p.startsWith("label=")).findFirst().orElse("label=all")
                        .substring("label=".length()));
            }
            names.add(String.join(" ", parts));
        }
        return names;
    }

    /** The value of {@code key} for {@code run}: a label, {@code label}, or a configuration parameter; else null. */
    static String value(RunResult run, String key) {
        if (run.labels().containsKey(key)) {
            return run.labels().get(key);
        }
        if ("label".equals(key)) {
            return run.label();
        }
        return run.configuration().get(key);
    }

    /** The statistics of {@code operation}'s {@code figure} over {@code group}'s passed executions, or null. */
    public Stat stat(Group group, String operation, String figure) {
        ToDoubleFunction<Latency> f = FIGURES.get(figure);
        List<Double> values = new ArrayList<>();
        for (RunResult run : group.passed()) {
            Latency stats = run.operations().get(operation);
            if (stats != null && stats.count() > 0) {
                values.add(f.applyAsDouble(stats));
            }
        }
        return values.isEmpty() ? null : Stat.of(values);
    }

    /** The statistics of any per-run figure over {@code group}'s passed executions (null values skipped), or null. */
    public static Stat stat(Group group, java.util.function.Function<RunResult, Double> figure) {
        List<Double> values = new ArrayList<>();
        for (RunResult run : group.passed()) {
            Double v = figure.apply(run);
            if (v != null && !v.isNaN()) {
                values.add(v);
            }
        }
        return values.isEmpty() ? null : Stat.of(values);
    }

    /** The groups that have {@code operation}'s {@code figure}, ranked by median (lowest first). */
    public List<Rank> ranking(String operation, String figure) {
        Map<Group, Stat> stats = new LinkedHashMap<>();
        for (Group g : compared()) {
            Stat s = stat(g, operation, figure);
            if (s != null) {
                stats.put(g, s);
            }
        }
        return rank(stats);
    }

    /** Ranks {@code stats} by median, lowest first. */
    public static List<Rank> rank(Map<Group, Stat> stats) {
        List<Map.Entry<Group, Stat>> sorted = new ArrayList<>(stats.entrySet());
        sorted.sort(Comparator.comparingDouble(e -> e.getValue().median()));
        List<Rank> ranks = new ArrayList<>();
        if (sorted.isEmpty()) {
            return ranks;
        }
        Stat best = sorted.get(0).getValue();
        int rank = 0;
        double previous = Double.NaN;
        for (int i = 0; i < sorted.size(); i++) {
            Stat s = sorted.get(i).getValue();
            if (s.median() != previous) {
                rank = i + 1;
                previous = s.median();
            }
            double ratio = best.median() == 0 ? (s.median() == 0 ? 1 : Double.POSITIVE_INFINITY)
                    : s.median() / best.median();
            Verdict verdict = i == 0 ? Verdict.BEST : !s.judged(best) ? Verdict.NOT_JUDGED
                    : s.differsFrom(best) ? Verdict.DIFFERENT : Verdict.NO_MEASURABLE_DIFFERENCE;
            ranks.add(new Rank(sorted.get(i).getKey(), s, rank, ratio, verdict));
        }
        return ranks;
    }

    /**
     * One pair of groups over every operation and figure: which figures differ beyond the spread and which way.
     *
     * @param lowerA   figures where {@code a} is lower and the ranges do not overlap
     * @param lowerB   figures where {@code b} is lower and the ranges do not overlap
     * @param same     figures within the spread
     * @param notJudged figures where one side has fewer than two executions
     */
    public record Pair(Group a, Group b, List<String> lowerA, List<String> lowerB, List<String> same,
            List<String> notJudged) {
    }

    /** Every pair of compared groups. */
    public List<Pair> pairs() {
        List<Pair> pairs = new ArrayList<>();
        List<Group> compared = compared();
        for (int i = 0; i < compared.size(); i++) {
            for (int j = i + 1; j < compared.size(); j++) {
                Group a = compared.get(i);
                Group b = compared.get(j);
                List<String> lowerA = new ArrayList<>();
                List<String> lowerB = new ArrayList<>();
                List<String> same = new ArrayList<>();
                List<String> notJudged = new ArrayList<>();
                for (String op : operations) {
                    for (String figure : FIGURES.keySet()) {
                        Stat sa = stat(a, op, figure);
                        Stat sb = stat(b, op, figure);
                        if (sa == null || sb == null) {
                            continue;
                        }
                        String name = op + " " + figure;
                        if (!sa.judged(sb)) {
                            notJudged.add(name);
                        } else if (sa.differsFrom(sb)) {
                            (sa.median() < sb.median() ? lowerA : lowerB).add(name);
                        } else {
                            same.add(name);
                        }
                    }
                }
                pairs.add(new Pair(a, b, lowerA, lowerB, same, notJudged));
            }
        }
        return pairs;
    }

    /**
     * Where the time of one operation went, medians over the group's executions (ms).
     *
     * @param clientMs       end-to-end mean at the client
     * @param orchestratorMs the orchestrator's own mean for the operation (null when not scraped)
     * @param mongodbMs      MongoDB time on the operation's critical path ({@link MongoPath}; null when not scraped)
     * @param outsidePct     share of the client's time outside MongoDB, % (null when not scraped)
     */
    public record TimeSplit(Group group, String operation, Stat clientMs, Stat orchestratorMs, Stat mongodbMs,
            Double outsidePct) {
    }

    /** Where the time went for every group and operation that has client figures. */
    public List<TimeSplit> timeSplits() {
        List<TimeSplit> splits = new ArrayList<>();
        for (Group g : compared()) {
            for (String op : operations) {
                Stat client = stat(g, op, "mean");
                if (client == null) {
                    continue;
                }
                Stat orchestrator = stat(g, r -> RunResult.OVERALL.equals(op) ? null
                        : r.orchestratorMeanUs().containsKey(op) ? r.orchestratorMeanUs().get(op) / 1000 : null);
                Stat mongodb = stat(g, r -> MongoPath.estimateMs(r, op));
                Double outside = mongodb == null || client.median() == 0 ? null
                        : 100 * (client.median() - mongodb.median()) / client.median();
                splits.add(new TimeSplit(g, op, client, orchestrator, mongodb, outside));
            }
        }
        return splits;
    }

    /**
     * Cost of one group with a {@code price} label.
     *
     * @param pricePerHour      the label's price
     * @param monthly           price × {@value #HOURS_PER_MONTH} h
     * @param achievedRate      median achieved rate, operations/s
     * @param perMillion        price of a million business operations at that rate
     * @param p99Ms             median overall p99
     * @param p99TimesPrice     p99 (ms) × price per hour: lower is better
     */
    public record Cost(Group group, double pricePerHour, double monthly, double achievedRate, double perMillion,
            double p99Ms, double p99TimesPrice) {
    }

    /** Groups with one price, ranked by p99 × price (lowest first). */
    public List<Cost> costs() {
        List<Cost> costs = new ArrayList<>();
        for (Group g : compared()) {
            Set<Double> prices = new LinkedHashSet<>();
            g.passed().forEach(r -> prices.add(r.price()));
            if (prices.size() != 1 || prices.contains(null)) {
                continue;
            }
            double price = prices.iterator().next();
            Stat rate = stat(g, r -> r.achievedRate());
            Stat p99 = stat(g, RunResult.OVERALL, "p99");
            if (rate == null || p99 == null || rate.median() <= 0) {
                continue;
            }
            costs.add(new Cost(g, price, price * HOURS_PER_MONTH, rate.median(),
                    price / (rate.median() * 3600) * 1_000_000, p99.median(), p99.median() * price));
        }
        costs.sort(Comparator.comparingDouble(Cost::p99TimesPrice));
        return costs;
    }

    /**
     * One row of the YCSB-style table: medians over the group's executions.
     *
     * @param mix        the run's --mix
     * @param throughput achieved operations/s
     */
    public record Ycsb(Group group, String mix, Stat throughput, Stat readMeanMs, Stat readP99Ms, Stat writeMeanMs,
            Stat writeP99Ms) {
    }

    /** The YCSB view of every compared group. */
    public List<Ycsb> ycsb() {
        List<Ycsb> rows = new ArrayList<>();
        for (Group g : compared()) {
            rows.add(new Ycsb(g, readWriteMix(g.configuration().get("mix")), stat(g, r -> r.achievedRate()),
                    readWrite(g, RunResult.READS, Latency::meanMs),
                    readWrite(g, RunResult.READS, Latency::p99Ms),
                    readWrite(g, RunResult.WRITES, Latency::meanMs),
                    readWrite(g, RunResult.WRITES, Latency::p99Ms)));
        }
        rows.sort(Comparator.comparingDouble((Ycsb y) -> -readShare(y.mix())));
        return rows;
    }

    /** "read=0.95,update=0.05,insert=0,readPayment=0" as "95:5" (reads : writes, %); other text as it is. */
    static String readWriteMix(String mix) {
        if (mix == null) {
            return "?";
        }
        double reads = 0;
        double writes = 0;
        for (String item : mix.split(",")) {
            String[] pair = item.split("=", 2);
            if (pair.length != 2) {
                return mix;
            }
            double weight;
            try {
                weight = Double.parseDouble(pair[1].trim());
            } catch (NumberFormatException e) {
                return mix;
            }
            switch (pair[0].trim()) {
                case "read", "readPayment" -> reads += weight;
                case "update", "insert" -> writes += weight;
                default -> {
                    return mix;
                }
            }
        }
        double total = reads + writes;
        return total <= 0 ? mix : RunResult.number(Math.round(1000 * reads / total) / 10.0) + ":"
                + RunResult.number(Math.round(1000 * writes / total) / 10.0);
    }

    private static double readShare(String readWrite) {
        try {
            return Double.parseDouble(readWrite.substring(0, readWrite.indexOf(':')));
        } catch (RuntimeException e) {
            return -1;
        }
    }

    private static Stat readWrite(Group g, String side, ToDoubleFunction<Latency> f) {
        return stat(g, r -> r.readWrite().containsKey(side) ? f.applyAsDouble(r.readWrite().get(side)) : null);
    }

    private static Map<String, ToDoubleFunction<Latency>> figures() {
        Map<String, ToDoubleFunction<Latency>> f = new LinkedHashMap<>();
        f.put("mean", Latency::meanMs);
        f.put("p50", Latency::p50Ms);
        f.put("p99", Latency::p99Ms);
        f.put("p99.9", Latency::p999Ms);
        f.put("max", Latency::maxMs);
        return java.util.Collections.unmodifiableMap(f);
    }
}
