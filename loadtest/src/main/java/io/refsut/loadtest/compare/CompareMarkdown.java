package io.refsut.loadtest.compare;

import io.refsut.loadtest.report.MachineFigures;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** compare.md (the verdicts for people, a generated conclusion first) and compare.csv (every figure for scripts). */
public final class CompareMarkdown {

    /** How compare.md states the rules, also shown in compare.html. */
    static final String RULES = "Each figure is the **median** over a configuration's passed executions; **range** "
            + "= smallest–largest execution; **CV** = sample standard deviation / mean over the executions. "
            + "**Rank** 1 = lowest median (equal medians share a rank); **× best** = median / the best median. "
            + "**vs best** — *beyond the spread* when the two configurations' min–max ranges do not overlap, *no "
            + "measurable difference* when they do, *not judged* when either has fewer than 2 passed executions. "
            + "**Outlier**: with ≥ 3 executions, a value more than 3 scaled MADs (median absolute deviation × "
            + "1.4826) and more than 25 % away from the median. Failed executions (errors over the run's "
            + "--max-error-pct, achieved rate under 99 % of the target, reconciliation not clean, or any other "
            + "failure the run recorded) are listed apart and never aggregated.";

    private CompareMarkdown() {
    }

    static String render(Analysis a) {
        StringBuilder md = new StringBuilder("# Comparison\n\n");
        List<String> conclusion = conclusionSentences(a);
        md.append(conclusion.get(0)).append("\n\n");
        conclusion.subList(1, conclusion.size()).forEach(sentence -> md.append("- ").append(sentence).append('\n'));
        md.append(conclusion.size() > 1 ? "\n" : "");
        configurations(a, md);
        verdicts(a, md);
        pairs(a, md);
        timeSplits(a, md);
        costs(a, md);
        ycsb(a, md);
        executions(a, md);
        return md.toString();
    }

    /** The plain-language conclusion at the top of compare.md, generated from the verdicts, as one paragraph. */
    public static String conclusion(Analysis a) {
        return String.join(" ", conclusionSentences(a));
    }

    /**
     * The conclusion's sentences: what is compared first, then one per finding (failed executions, mixed runs, each
     * ranking, each pair, the time outside MongoDB, the cost, the stand-in), which compare.md and compare.html list
     * under it.
     */
    static List<String> conclusionSentences(Analysis a) {
        List<String> sentences = new ArrayList<>();
        List<Analysis.Group> compared = a.compared();
        sentences.add("This compares " + a.groups().size() + " configuration" + (a.groups().size() == 1 ? "" : "s")
                + " (" + a.groups().stream().map(g -> g.display() + ": " + g.passed().size() + " passed execution"
                        + (g.passed().size() == 1 ? "" : "s")).collect(Collectors.joining(", ")) + ")" + ".");
        if (!a.failed().isEmpty()) {
            sentences.add(a.failed().size() + " failed execution" + (a.failed().size() == 1 ? " was" : "s were")
                    + " left out of every figure (see \"Failed executions\").");
        }
        List<Analysis.Group> mismatched = a.groups().stream().filter(g -> !g.mismatched().isEmpty()).toList();
        if (!mismatched.isEmpty()) {
            sentences.add("Careful: " + mismatched.stream().map(g -> g.display() + " mixes runs with different "
                    + String.join(", ", g.mismatched())).collect(Collectors.joining("; ")) + " (--allow-mismatch).");
        }
        String stolen = stolen(a);
        if (stolen != null) {
            sentences.add(stolen);
        }
        if (compared.size() == 1) {
            Analysis.Group g = compared.get(0);
            Stat p99 = a.stat(g, RunResult.OVERALL, "p99");
            Stat mean = a.stat(g, RunResult.OVERALL, "mean");
            if (p99 != null && mean != null) {
                sentences.add(p99.n() == 1 ? String.format(Locale.ROOT, "Its overall p99 was %s ms and its overall "
                        + "mean %s ms, from a single execution: no spread to judge.", num(p99.median()),
                        num(mean.median()))
                        : String.format(Locale.ROOT, "Its overall p99 was %s ms (median; executions %s–%s ms, CV %s %%) "
                        + "and its overall mean %s ms (CV %s %%).", num(p99.median()), num(p99.min()),
                        num(p99.max()), num(p99.cvPct()), num(mean.median()), num(mean.cvPct())));
            }
        } else if (compared.size() > 1) {
            for (String figure : List.of("p99", "mean")) {
                List<Analysis.Rank> ranks = a.ranking(RunResult.OVERALL, figure);
                if (ranks.size() < 2) {
                    continue;
                }
                Analysis.Rank best = ranks.get(0);
                StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "On overall %s, %s is lowest at %s ms "
                        + "(%s–%s)", figure, best.group().display(), num(best.stat().median()),
                        num(best.stat().min()), num(best.stat().max())));
                for (Analysis.Rank r : ranks.subList(1, ranks.size())) {
                    s.append(String.format(Locale.ROOT, "; %s is %s× at %s ms (%s–%s): %s", r.group().display(),
                            ratio(r.ratioToBest()), num(r.stat().median()), num(r.stat().min()), num(r.stat().max()),
                            switch (r.vsBest()) {
                                case DIFFERENT -> "a difference beyond the run-to-run spread";
                                case NO_MEASURABLE_DIFFERENCE -> "no measurable difference, the ranges overlap";
                                case NOT_JUDGED -> "not judged, fewer than 2 executions";
                                case BEST -> "";
                            }));
                }
                sentences.add(s.append('.').toString());
            }
            for (Analysis.Pair p : a.pairs()) {
                int total = p.lowerA().size() + p.lowerB().size() + p.same().size();
                if (total == 0) {
                    continue;
                }
                if (p.lowerA().isEmpty() && p.lowerB().isEmpty()) {
                    sentences.add(String.format(Locale.ROOT, "Between %s and %s none of the %d per-operation figures "
                            + "differs beyond the run-to-run spread: no measurable difference.", p.a().display(),
                            p.b().display(), total));
                } else {
                    sentences.add(String.format(Locale.ROOT, "Between %s and %s, %d of %d per-operation figures differ "
                            + "beyond the spread (%s lower on %d, %s lower on %d).", p.a().display(), p.b().display(),
                            p.lowerA().size() + p.lowerB().size(), total, p.a().display(), p.lowerA().size(),
                            p.b().display(), p.lowerB().size()));
                }
            }
        }
        List<String> shares = new ArrayList<>();
        for (Analysis.TimeSplit t : a.timeSplits()) {
            if (RunResult.OVERALL.equals(t.operation()) && t.outsidePct() != null) {
                shares.add(String.format(Locale.ROOT, "%s %s %% (MongoDB %s of %s ms)", t.group().display(),
                        num(t.outsidePct()), num(t.mongodbMs().median()), num(t.clientMs().median())));
            }
        }
        if (!shares.isEmpty()) {
            sentences.add("Share of the mean end-to-end time spent outside MongoDB (the SUT, network, injector): "
                    + String.join(", ", shares) + ".");
        }
        List<Analysis.Cost> costs = a.costs();
        if (!costs.isEmpty()) {
            Analysis.Cost cheapest = costs.stream().min(java.util.Comparator.comparingDouble(Analysis.Cost::perMillion))
                    .orElseThrow();
            sentences.add(String.format(Locale.ROOT, "Cheapest per million operations: %s (%s); lowest p99 × price: %s.",
                    cheapest.group().display(), money(cheapest.perMillion()), costs.get(0).group().display()));
        }
        if (a.groups().stream().flatMap(g -> g.passed().stream()).anyMatch(RunResult::embeddedDatabase)) {
            sentences.add("These runs used the embedded MongoDB stand-in (mongo-java-server), so they compare the "
                    + "system on this machine, not databases.");
        }
        return sentences;
    }

    /**
     * The passed executions whose injector machine lost {@link MachineFigures#STEAL_WARNING_PCT} % or more of its CPU
     * to the hypervisor in the run phase, as one sentence; null when none did. Their every process got less CPU than
     * it asked for, so they are the likeliest cause of a wide range.
     */
    private static String stolen(Analysis a) {
        List<String> named = new ArrayList<>();
        int passed = 0;
        int count = 0;
        for (Analysis.Group g : a.groups()) {
            List<String> runs = new ArrayList<>();
            for (RunResult r : g.passed()) {
                passed++;
                if (MachineFigures.stealWarns(r.runStealPct())) {
                    runs.add(r.name() + " " + num(r.runStealPct()) + " %");
                    count++;
                }
            }
            if (!runs.isEmpty()) {
                named.add(g.display() + ": " + String.join(", ", runs));
            }
        }
        if (named.isEmpty()) {
            return null;
        }
        return String.format(Locale.ROOT, "%d of %d passed executions ran while the hypervisor took %s %% or more of "
                + "the injector machine's CPU in the run phase (%s): every process got less CPU than it asked for, "
                + "which widens the ranges; see \"Executions\".", count, passed,
                num(MachineFigures.STEAL_WARNING_PCT), String.join("; ", named));
    }

    private static void configurations(Analysis a, StringBuilder md) {
        md.append("## Configurations\n\n| configuration | passed | failed | labels |");
        RunResult.CONFIGURATION_KEYS.forEach(k -> md.append(' ').append(k).append(" |"));
        md.append("\n|---|---:|---:|---|");
        RunResult.CONFIGURATION_KEYS.forEach(k -> md.append("---|"));
        md.append('\n');
        for (Analysis.Group g : a.groups()) {
            md.append("| ").append(cell(g.display())).append(" | ").append(g.passed().size()).append(" | ")
                    .append(g.failed().size()).append(" | ").append(cell(labels(g.labels()))).append(" |");
            RunResult.CONFIGURATION_KEYS.forEach(k -> md.append(' ').append(cell(g.configuration().get(k))).append(" |"));
            md.append('\n');
        }
        for (Analysis.Group g : a.groups()) {
            if (!g.mismatched().isEmpty()) {
                md.append("\n⚠ **").append(cell(g.name())).append("** groups runs that differ in ")
                        .append(String.join(", ", g.mismatched()))
                        .append(" (--allow-mismatch): its figures mix different workloads.\n");
            }
        }
        md.append('\n');
    }

    private static void verdicts(Analysis a, StringBuilder md) {
        md.append("## Verdicts per operation (client-side response times, ms)\n\n").append(RULES).append("\n\n");
        md.append("| operation | figure | configuration | n | median | range | CV % | rank | × best | vs best | "
                + "outliers |\n|---|---|---|---:|---:|---:|---:|---:|---:|---|---|\n");
        for (String op : a.operations()) {
            for (String figure : Analysis.FIGURES.keySet()) {
                for (Analysis.Rank r : a.ranking(op, figure)) {
                    md.append(String.format(Locale.ROOT, "| %s | %s | %s | %d | %s | %s–%s | %s | %d | %s | %s | %s |\n",
                            op, figure, cell(r.group().display()), r.stat().n(), num(r.stat().median()),
                            num(r.stat().min()), num(r.stat().max()), num(r.stat().cvPct()), r.rank(),
                            ratio(r.ratioToBest()), r.vsBest().text(), outliers(r)));
                }
            }
        }
        md.append('\n');
    }

    private static String outliers(Analysis.Rank r) {
        return r.stat().outliers().stream().map(i -> r.group().passed().get(i).name() + " ("
                + num(r.stat().values().get(i)) + ")").collect(Collectors.joining(", "));
    }

    private static void pairs(Analysis a, StringBuilder md) {
        List<Analysis.Pair> pairs = a.pairs();
        if (pairs.isEmpty()) {
            return;
        }
        md.append("## Is the difference real?\n\nFor each pair: the figures (every operation × mean, p50, p99, "
                + "p99.9, max) whose min–max ranges over the executions do not overlap.\n\n");
        for (Analysis.Pair p : pairs) {
            md.append("- **").append(cell(p.a().display())).append("** vs **").append(cell(p.b().display()))
                    .append("**: ");
            if (p.lowerA().isEmpty() && p.lowerB().isEmpty()) {
                md.append(p.same().isEmpty() ? "not judged (fewer than 2 executions)"
                        : "no measurable difference on any of " + p.same().size() + " figures");
            } else {
                md.append(p.a().display()).append(" lower on ").append(list(p.lowerA())).append("; ")
                        .append(p.b().display()).append(" lower on ").append(list(p.lowerB())).append("; ")
                        .append(p.same().size()).append(" figure(s) within the spread");
            }
            if (!p.notJudged().isEmpty()) {
                md.append("; not judged: ").append(p.notJudged().size());
            }
            md.append('\n');
        }
        md.append('\n');
    }

    private static String list(List<String> items) {
        return items.isEmpty() ? "none" : String.join(", ", items);
    }

    private static void timeSplits(Analysis a, StringBuilder md) {
        md.append("## Where the time went (ms, medians over executions)\n\n")
                .append("*client mean*: end-to-end at the injector; *orchestrator*: the orchestrator's own timer for the "
                        + "operation; *MongoDB*: the services' MongoDB timers on the operation's critical path (sum of "
                        + "the means of sequential steps, the larger of parallel ones — an estimate, the services time "
                        + "collection operations, not business operations); *outside MongoDB* = client mean − MongoDB, "
                        + "and its share of the client mean. Empty cells: the services were not scraped.\n\n")
                .append("| configuration | operation | client mean | orchestrator | MongoDB | outside MongoDB | share "
                        + "outside % |\n|---|---|---:|---:|---:|---:|---:|\n");
        for (Analysis.TimeSplit t : a.timeSplits()) {
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s |\n", cell(t.group().display()),
                    t.operation(), num(t.clientMs().median()), median(t.orchestratorMs()), median(t.mongodbMs()),
                    t.mongodbMs() == null ? "" : num(t.clientMs().median() - t.mongodbMs().median()),
                    t.outsidePct() == null ? "" : num(t.outsidePct())));
        }
        md.append('\n');
    }

    private static void costs(Analysis a, StringBuilder md) {
        md.append("## Cost\n\n");
        List<Analysis.Cost> costs = a.costs();
        if (costs.isEmpty()) {
            md.append("No configuration has a `price` label (`sut run --label-set price=<per hour>`).\n\n");
            return;
        }
        md.append("*price / h*: the `price` label; *monthly*: × 730 h; *per million ops*: price / (median achieved "
                + "rate × 3600) × 10⁶; *p99 × price*: median overall p99 (ms) × price per hour — lower is better, a "
                + "configuration twice as fast at twice the price ties. Ranked by p99 × price.\n\n"
                + "| rank | configuration | price / h | monthly | achieved ops/s | per million ops | overall p99 ms | "
                + "p99 × price |\n|---:|---|---:|---:|---:|---:|---:|---:|\n");
        int rank = 1;
        for (Analysis.Cost c : costs) {
            md.append(String.format(Locale.ROOT, "| %d | %s | %s | %s | %s | %s | %s | %s |\n", rank++,
                    cell(c.group().display()), money(c.pricePerHour()), money(c.monthly()), num(c.achievedRate()),
                    money(c.perMillion()), num(c.p99Ms()), num(c.p99TimesPrice())));
        }
        md.append('\n');
    }

    private static void ycsb(Analysis a, StringBuilder md) {
        md.append("## YCSB view\n\nAs in the YCSB-style studies: per configuration (read:write mix), the achieved "
                + "throughput and the average and p99 latency of reads (read_account, read_payment) and writes "
                + "(update_account, make_payment), medians over the executions; µs below a millisecond "
                + "(Gatling records whole milliseconds, so p99s are whole ms).\n\n"
                + "| configuration | mix | throughput ops/s | read avg | read p99 | write avg | write p99 |\n"
                + "|---|---|---:|---:|---:|---:|---:|\n");
        for (Analysis.Ycsb y : a.ycsb()) {
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s |\n", cell(y.group().display()),
                    cell(y.mix()), median(y.throughput()), latency(y.readMeanMs()), latency(y.readP99Ms()),
                    latency(y.writeMeanMs()), latency(y.writeP99Ms())));
        }
        md.append('\n');
    }

    private static void executions(Analysis a, StringBuilder md) {
        md.append("## Executions\n\n| configuration | execution | folder | injectors | achieved / target ops/s | "
                + "errors % | overall mean ms | overall p99 ms | injector machine: loopback round trip µs | "
                + "injector machine: system call ns | injector machine: steal % in the run phase | status |\n"
                + "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (Analysis.Group g : a.groups()) {
            List<RunResult> all = new ArrayList<>(g.passed());
            all.addAll(g.failed());
            for (RunResult r : all) {
                var overall = r.operations().get(RunResult.OVERALL);
                md.append(String.format(Locale.ROOT,
                        "| %s | %s | %s | %d | %s / %s | %s | %s | %s | %s | %s | %s | %s |\n",
                        cell(g.display()), r.execution() > 0 ? Integer.toString(r.execution()) : "–", cell(r.name()),
                        r.injectors(), num(r.achievedRate()), num(r.targetRate()), num(overall.errorPct()),
                        num(overall.meanMs()), num(overall.p99Ms()),
                        num(r.loopbackRoundTripUs()), num(r.systemCallNs()), num(r.runStealPct()),
                        r.passed() ? "passed" : "**failed**"));
            }
        }
        if (!a.failed().isEmpty()) {
            md.append("\n## Failed executions (not aggregated)\n\n| configuration | folder | reasons |\n|---|---|---|\n");
            for (Analysis.Group g : a.groups()) {
                for (RunResult r : g.failed()) {
                    md.append("| ").append(cell(g.display())).append(" | ").append(cell(r.dir().toString()))
                            .append(" | ").append(cell(String.join("; ", r.failures()))).append(" |\n");
                }
            }
        }
        md.append('\n');
    }

    /** One row per configuration, operation and figure, with every execution's value. */
    static String csv(Analysis a) {
        StringBuilder csv = new StringBuilder("configuration,operation,figure,n,median,min,max,cvPct,rank,ratioToBest,"
                + "vsBest,outliers,values\n");
        for (String op : a.operations()) {
            for (String figure : Analysis.FIGURES.keySet()) {
                for (Analysis.Rank r : a.ranking(op, figure)) {
                    csv.append(field(r.group().display())).append(',').append(op).append(',').append(figure)
                            .append(',').append(r.stat().n()).append(',').append(plain(r.stat().median())).append(',')
                            .append(plain(r.stat().min())).append(',').append(plain(r.stat().max())).append(',')
                            .append(plain(r.stat().cvPct())).append(',').append(r.rank()).append(',')
                            .append(plain(r.ratioToBest())).append(',').append(field(r.vsBest().text())).append(',')
                            .append(field(outliers(r))).append(',')
                            .append(field(r.stat().values().stream().map(CompareMarkdown::plain)
                                    .collect(Collectors.joining(" ")))).append('\n');
                }
            }
        }
        return csv.toString();
    }

    private static String median(Stat s) {
        return s == null ? "" : num(s.median());
    }

    /** A latency in ms as "850 µs" below a millisecond, else "12.3 ms"; empty for null. */
    static String latency(Stat s) {
        if (s == null) {
            return "";
        }
        double ms = s.median();
        return ms < 1 ? Math.round(ms * 1000) + " µs" : num(ms) + " ms";
    }

    /** At most 2 decimals, trailing zeros dropped. */
    static String num(double value) {
        if (Double.isInfinite(value) || Double.isNaN(value)) {
            return "–";
        }
        String text = String.format(Locale.ROOT, "%.2f", value);
        return text.contains(".") ? text.replaceAll("0+$", "").replaceAll("\\.$", "") : text;
    }

    static String ratio(double value) {
        return Double.isInfinite(value) ? "–" : String.format(Locale.ROOT, "%.2f", value);
    }

    static String money(double value) {
        return value >= 100 ? String.format(Locale.ROOT, "%.0f", value)
                : value >= 0.01 ? String.format(Locale.ROOT, "%.2f", value) : String.format(Locale.ROOT, "%.4f", value);
    }

    private static String plain(double value) {
        return Double.isInfinite(value) ? "" : String.format(Locale.ROOT, "%.3f", value);
    }

    private static String labels(Map<String, String> labels) {
        return labels.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }

    private static String field(String value) {
        return value.contains(",") || value.contains("\"") || value.contains(" ")
                ? "\"" + value.replace("\"", "\"\"") + "\"" : value;
    }

    static String cell(String text) {
        return text == null ? "" : text.replace("|", "\\|");
    }
}
