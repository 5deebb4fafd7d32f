package io.refsut.loadtest.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import io.refsut.loadtest.report.MachineFigures;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** bench.md: the tables of bench.json for a reader. */
final class BenchMarkdown {

    private BenchMarkdown() {
    }

    static String render(JsonNode report) {
        StringBuilder md = new StringBuilder();
        JsonNode settings = report.path("settings");
        md.append("# sut bench\n\n");
        md.append("- started ").append(report.path("startedAt").asText()).append(", ")
                .append(report.path("machine").path("cores").asText()).append(" cores, load average ")
                .append(report.path("loadAverageBefore").asText()).append(" before, ")
                .append(report.path("loadAverageAfter").asText("?")).append(" after\n");
        JsonNode speed = report.path("machine").path("speed");
        if (speed.has("loopbackRoundTripUs")) {
            md.append("- machine speed before the bench: ").append(MachineFigures.text(
                    speed.path("loopbackRoundTripUs").asText(),
                    speed.has("systemCallNs") ? speed.path("systemCallNs").asText() : null,
                    speed.path("cpuLoopNs").asText()))
                    .append(" (benches on machines that differ here are not comparable)\n");
        }
        md.append("- database: ").append(report.path("mongodb").asText()).append('\n');
        md.append("- rate ").append(settings.path("rate").asText()).append("/s, ").append(settings.path("durationS").asText())
                .append(" s per series, ").append(settings.path("executions").asText()).append(" executions, mix ")
                .append(settings.path("mix").asText()).append(", service JVM options `")
                .append(settings.path("serviceJvmOptions").asText()).append("`, data services add ")
                .append(settings.path("dataServiceJvmOptions").asText().isBlank() ? "none"
                        : "`" + settings.path("dataServiceJvmOptions").asText() + "`");
        JsonNode scaling = settings.path("compileThresholdScaling");
        if (scaling.isNumber() && scaling.asDouble() != 1) {
            md.append(", the services' JIT thresholds at ").append(scaling.asText())
                    .append(" × HotSpot's (--compile-threshold-scaling)");
        }
        md.append('\n');
        if (settings.path("maxStealPct").asDouble(0) > 0) {
            md.append("- a series window in which the hypervisor took ").append(num(settings.path("maxStealPct")))
                    .append(" % or more of the CPU time wanted is measured again, up to ")
                    .append(settings.path("stealRetries").asText())
                    .append(" times; the one with the least steal is kept\n");
        }
        md.append("- latencies from each arrival's intended start (open model), in µs; figures are means over the "
                + "executions, CV = coefficient of variation across them; `CV p50 from the samples alone` is what the "
                + "p50's CV would be if every execution drew from one distribution (order statistics of each window's "
                + "sample count), so a CV p50 well above it is the system moving between executions. CPU from /proc "
                + "per process; `machine busy` is "
                + "every process on the machine, `other processes` what was not ours, `stolen` the CPU time the "
                + "hypervisor gave to other machines while ours wanted it (steal, /proc/stat), and its share of the "
                + "time wanted.\n\n");
        warmups(report, md);
        if (report.has("failure")) {
            md.append("**FAILED:** ").append(report.path("failure").asText()).append("\n\n");
        }
        JsonNode series = report.path("series");
        if (series.isObject()) {
            md.append("## Latency per series and operation (µs)\n\n");
            md.append("| series | operation | count | errors | p50 | p99 | p99.9 | max | CV p50 "
                    + "| CV p50 from the samples alone | CV p99 |\n");
            md.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
            for (String name : BenchRunner.SERIES) {
                JsonNode operations = series.path(name).path("operations");
                for (Iterator<Map.Entry<String, JsonNode>> it = operations.fields(); it.hasNext();) {
                    Map.Entry<String, JsonNode> op = it.next();
                    JsonNode s = op.getValue();
                    md.append("| ").append(name).append(" | ").append(op.getKey()).append(" | ")
                            .append(num(s.path("count"))).append(" | ").append(num(s.path("errors"))).append(" | ")
                            .append(num(s.path("p50Us"))).append(" | ").append(num(s.path("p99Us"))).append(" | ")
                            .append(num(s.path("p999Us"))).append(" | ").append(num(s.path("maxUs"))).append(" | ")
                            .append(pct(s.path("cv").path("p50Us"))).append(" | ").append(pct(s.path("p50SamplingCv")))
                            .append(" | ").append(pct(s.path("cv").path("p99Us"))).append(" |\n");
                }
            }
            drift(md, series.path("full").path("operations"));
            md.append("\n## Overhead (p50): one hop against the floor, full transaction against its critical path\n\n");
            md.append("| operation | floor path | floor µs | SUT µs | overhead µs | ratio | CV ratio | p99 ratio |\n");
            md.append("|---|---|---:|---:|---:|---:|---:|---:|\n");
            for (Iterator<Map.Entry<String, JsonNode>> it = report.path("overhead").fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> op = it.next();
                JsonNode o = op.getValue();
                md.append("| ").append(op.getKey()).append(" | ").append(o.path("criticalPath").asText()).append(" | ")
                        .append(num(o.path("floorUs"))).append(" | ").append(num(o.path("sutUs"))).append(" | ")
                        .append(num(o.path("overheadUs"))).append(" | ").append(num(o.path("ratio"))).append(" | ")
                        .append(pct(o.path("cv").path("ratio"))).append(" | ").append(num(o.path("p99").path("ratio")))
                        .append(" |\n");
            }
            md.append("\n## CPU per operation (µs) and cores used\n\n");
            List<String> processes = processes(series.path("full").path("cpuUsPerOperation"));
            double maxSteal = 0;
            md.append("| series | ").append(String.join(" | ", processes))
                    .append(" | machine busy cores | other processes cores | stolen by the hypervisor: cores (share) |\n");
            md.append("|---|").append("---:|".repeat(processes.size() + 3)).append('\n');
            for (String name : BenchRunner.SERIES) {
                JsonNode cpu = series.path(name).path("cpuUsPerOperation");
                JsonNode cv = series.path(name).path("cpuCv");
                md.append("| ").append(name).append(" | ");
                for (String process : processes) {
                    md.append(num(cpu.path(process))).append(cv.has(process) ? " (CV " + pct(cv.path(process)) + ")" : "")
                            .append(" | ");
                }
                JsonNode cores = series.path(name).path("cpuCores");
                md.append(num(cores.path("machineBusy"))).append(" | ").append(num(cores.path("otherProcesses")))
                        .append(" | ").append(num(cores.path("steal"))).append(" (")
                        .append(num(cores.path("stealPct"))).append(" %) |\n");
                maxSteal = Math.max(maxSteal, cores.path("stealPct").asDouble(0));
            }
            md.append('\n');
            if (MachineFigures.stealWarns(maxSteal)) {
                md.append("**The hypervisor took ").append(num(new DoubleNode(maxSteal)))
                        .append(" % of the CPU time this machine's processes wanted in a series (steal): every process got ")
                        .append("less CPU than it asked for and paid more per operation. Compare these figures only with ")
                        .append("benches whose steal was as high.**\n\n");
            }
            remeasured(md, report);
            jitWarning(md, report);
            threads(md, series.path("full").path("threads"));
        }
        JsonNode capacity = report.path("capacity");
        if (capacity.isObject()) {
            md.append("## Capacity (p99 ≤ ").append(capacity.path("sloP99Ms").asText())
                    .append(" ms, no errors, achieved ≥ 99 %)\n\n");
            md.append("| mix | SUT held /s | SUT limit | busiest process at the limit | store alone held /s | store limit | SUT / store |\n");
            md.append("|---|---:|---|---|---:|---|---:|\n");
            for (Iterator<Map.Entry<String, JsonNode>> it = capacity.path("mixes").fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> mix = it.next();
                JsonNode sut = mix.getValue().path("sut");
                JsonNode store = mix.getValue().path("store");
                md.append("| ").append(mix.getKey()).append(" | ").append(num(sut.path("highestRateHeld"))).append(" | ")
                        .append(sut.path("limit").asText()).append(" | ").append(sut.path("busiestAtLimit").asText("-"))
                        .append(" | ").append(num(store.path("highestRateHeld"))).append(" | ")
                        .append(store.path("limit").asText()).append(" | ")
                        .append(num(mix.getValue().path("sutShareOfStoreCapacity"))).append(" |\n");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = capacity.path("mixes").fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> mix = it.next();
                for (String side : List.of("sut", "store")) {
                    JsonNode steps = mix.getValue().path(side).path("steps");
                    if (steps.size() == 0) {
                        continue;
                    }
                    List<String> processes = processes(steps.get(0).path("cpuCores"));
                    md.append("\n### ").append(mix.getKey()).append(" — ").append(side).append(" steps (CPU in cores)\n\n");
                    md.append("| rate | achieved | p50 µs | p99 µs | errors | held | ").append(String.join(" | ", processes))
                            .append(" |\n");
                    md.append("|---:|---:|---:|---:|---:|---|").append("---:|".repeat(processes.size())).append('\n');
                    for (JsonNode step : steps) {
                        md.append("| ").append(num(step.path("rate"))).append(" | ").append(num(step.path("achievedRate")))
                                .append(" | ").append(num(step.path("p50Us"))).append(" | ").append(num(step.path("p99Us")))
                                .append(" | ").append(num(step.path("errors"))).append(" | ")
                                .append(step.path("held").asBoolean() ? "yes" : "no")
                                .append(step.path("measuredAgainForSteal").asBoolean()
                                        ? ", measured again (steal)" : "")
                                .append(step.path("refinement").asBoolean() ? " (refinement)" : "").append(" | ");
                        for (String process : processes) {
                            md.append(num(step.path("cpuCores").path(process))).append(" | ");
                        }
                        md.append('\n');
                    }
                }
            }
        }
        return md.toString();
    }

    /** One line on the unmeasured warm-ups: how many arrivals, and every error they had (none is expected). */
    private static void warmups(JsonNode report, StringBuilder md) {
        List<String> errors = new ArrayList<>();
        long arrivals = 0;
        arrivals += warmupErrors("warm-up", report.path("warmup"), errors);
        for (JsonNode execution : report.path("executions")) {
            arrivals += warmupErrors("execution " + execution.path("execution").asText() + " series warm-up",
                    execution.path("seriesWarmup"), errors);
        }
        if (arrivals == 0) {
            return;
        }
        if (errors.isEmpty()) {
            md.append("- unmeasured warm-ups: ").append(arrivals).append(" arrivals, no errors\n\n");
        } else {
            md.append("- **errors in the unmeasured warm-ups** (").append(arrivals).append(" arrivals): ")
                    .append(String.join("; ", errors)).append("\n\n");
        }
    }

    private static long warmupErrors(String label, JsonNode warmups, List<String> errors) {
        long arrivals = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = warmups.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> series = it.next();
            JsonNode w = series.getValue();
            arrivals += w.path("arrivals").asLong();
            if (w.path("errors").asLong() > 0) {
                errors.add(label + " " + series.getKey() + ": " + w.path("errors").asLong() + " of "
                        + w.path("arrivals").asLong() + " " + w.path("errorsByOperation") + ", first "
                        + w.path("firstErrors"));
            }
        }
        return arrivals;
    }

    /** From this share of the services' and store's CPU in the full series, the JIT compilers get a warning. */
    static final double JIT_WARNING_SHARE = 0.10;

    /** A full-series p50 CV above this (the 5 % target) and {@link #DRIFT_FACTOR} times its sampling CV is drift. */
    static final double DRIFT_CV = 0.05;
    static final double DRIFT_FACTOR = 2;

    /** The HotSpot JIT compiler threads' kind ({@link ThreadStats#kind}). */
    static final String JIT_THREADS = "C# CompilerThre";

    /** The windows measured again for steal and not kept, next to the window that was. */
    private static void remeasured(StringBuilder md, JsonNode report) {
        StringBuilder rows = new StringBuilder();
        double limit = report.path("settings").path("maxStealPct").asDouble(0);
        Set<String> stillStolen = new LinkedHashSet<>();
        int count = 0;
        for (JsonNode execution : report.path("executions")) {
            for (JsonNode window : execution.path("remeasured")) {
                count++;
                rows.append("| ").append(execution.path("execution").asText()).append(" | ")
                        .append(window.path("series").asText()).append(" | ").append(num(window.path("stealPct")))
                        .append(" % | ").append(num(window.path("errors"))).append(" | ")
                        .append(num(window.path("p50Us"))).append(" / ").append(num(window.path("p99Us")))
                        .append(" | ").append(num(window.path("servicesAndStoreCpuUsPerOperation"))).append(" | ")
                        .append(num(window.path("keptStealPct"))).append(" % | ").append(num(window.path("keptP50Us")))
                        .append(" / ").append(num(window.path("keptP99Us"))).append(" |\n");
                if (limit > 0 && window.path("keptStealPct").asDouble(0) >= limit) {
                    stillStolen.add("execution " + execution.path("execution").asText() + " "
                            + window.path("series").asText() + " (" + num(window.path("keptStealPct")) + " %)");
                }
            }
        }
        if (count == 0) {
            return;
        }
        md.append("## Windows measured again for steal\n\n");
        md.append(count).append(count == 1 ? " window was" : " windows were").append(" measured again because the "
                + "hypervisor took at least --max-steal-pct of the CPU time this machine's processes wanted; the "
                + "figures above are the kept windows'. What the others measured (all operations of the series, "
                + "µs):\n\n");
        md.append("| execution | series | steal | errors | p50 / p99 | services + store CPU µs per operation "
                + "| kept: steal | kept: p50 / p99 |\n");
        md.append("|---:|---|---:|---:|---:|---:|---:|---:|\n");
        md.append(rows).append('\n');
        if (!stillStolen.isEmpty()) {
            md.append("**Kept with steal at or above ").append(num(report.path("settings").path("maxStealPct")))
                    .append(" % after every retry: ").append(String.join(", ", stillStolen))
                    .append(". Their figures include what the hypervisor took.**\n\n");
        }
    }

    /**
     * Says whether the full series' p50s moved across the executions by more than their sample counts explain: the
     * CV of a p50 against the CV that sampling alone gives it ({@code p50SamplingCv}).
     */
    private static void drift(StringBuilder md, JsonNode operations) {
        List<String> drifted = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = operations.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> op = it.next();
            JsonNode cv = op.getValue().path("cv").path("p50Us");
            JsonNode sampling = op.getValue().path("p50SamplingCv");
            if (cv.isNumber() && sampling.isNumber() && cv.asDouble() > DRIFT_CV
                    && cv.asDouble() > DRIFT_FACTOR * sampling.asDouble()) {
                drifted.add(op.getKey() + " " + pct(cv) + " against " + pct(sampling));
            }
        }
        if (!drifted.isEmpty()) {
            md.append("\nThe full series' p50s differed across the executions by more than their sample counts ")
                    .append("explain (").append(String.join(", ", drifted))
                    .append("): the machine or the services changed between the ")
                    .append("executions (compilation, steal, other load), and a longer --duration would not narrow ")
                    .append("it.\n");
        }
    }

    /**
     * A warning when the JIT compilers still used a large share of the services' and store's CPU in the full series:
     * its figures include compiling, and a bench whose compilers were quieter is not comparable with it.
     */
    private static void jitWarning(StringBuilder md, JsonNode report) {
        double mean = jitShare(report.path("series").path("full").path("threads"));
        if (mean < JIT_WARNING_SHARE) {
            return;
        }
        List<String> perExecution = new ArrayList<>();
        for (JsonNode execution : report.path("executions")) {
            double share = jitShare(execution.path("series").path("full").path("threads"));
            perExecution.add(share < 0 ? "-" : Math.round(share * 100) + " %");
        }
        md.append("**The JIT compilers still used ").append(Math.round(mean * 100))
                .append(" % of the services' and store's CPU in the full series (execution by execution: ")
                .append(String.join(", ", perExecution)).append("): the services were still being compiled, and ")
                .append("these figures include it. Compare them only with benches whose compilers were as busy, or ")
                .append("warm up longer (--warmup).**\n\n");
    }

    /** The JIT compilers' share of the CPU of every process but the injector; -1 without thread figures. */
    static double jitShare(JsonNode threads) {
        double jit = 0;
        double all = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = threads.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> process = it.next();
            if (!process.getKey().equals(BenchRunner.INJECTOR)) {
                jit += process.getValue().path(JIT_THREADS).path("cpuUs").asDouble(0);
                all += process.getValue().path(ThreadStats.ALL).path("cpuUs").asDouble(0);
            }
        }
        return all > 0 ? jit / all : -1;
    }

    /** A thread kind gets its own row from this share of its process's CPU; the others are summed in one row. */
    static final double THREAD_ROW_SHARE = 0.05;

    /** Where each process's time went, by thread kind, in the full series (nothing where it was not measured). */
    private static void threads(StringBuilder md, JsonNode threads) {
        if (!threads.isObject() || threads.isEmpty()) {
            return;
        }
        md.append("## Where each process's time goes, by thread (full series, per business operation)\n\n");
        md.append("From the scheduler's accounting of every thread (`/proc/<pid>/task/*/schedstat`, means over ")
                .append("the executions): **CPU** µs on a core; **waiting** µs ready to run while no core was free ")
                .append("(the run queue: on a busy machine, part of every latency); **slices** the times a thread was ")
                .append("put on a core; **preempted** how many of those slices ended with the thread taken off its ")
                .append("core while it still had work (`nonvoluntary_ctxt_switches`), the others ending in the ")
                .append("thread's own wait, so that slices minus preempted is about its wake-ups. Threads of one ")
                .append("pool count together (`vert.x-eventloo`: ")
                .append("the Vert.x event loops; `AsyncGetter-#-t`: the MongoDB driver's connection check-out; ")
                .append("`C# CompilerThre`: the JIT compilers); kinds under ")
                .append(Math.round(THREAD_ROW_SHARE * 100))
                .append(" % of their process's CPU are summed as other threads.\n\n");
        md.append("| process | threads | CPU µs | share | waiting µs | slices | preempted |\n");
        md.append("|---|---|---:|---:|---:|---:|---:|\n");
        for (Iterator<Map.Entry<String, JsonNode>> it = threads.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> process = it.next();
            double[] all = values(process.getValue().path(ThreadStats.ALL));
            double[] other = new double[ThreadStats.FIGURES.size()];
            int otherKinds = 0;
            for (Iterator<Map.Entry<String, JsonNode>> kinds = process.getValue().fields(); kinds.hasNext();) {
                Map.Entry<String, JsonNode> kind = kinds.next();
                if (kind.getKey().equals(ThreadStats.ALL)) {
                    continue;
                }
                double[] figures = values(kind.getValue());
                if (all[0] > 0 && figures[0] >= THREAD_ROW_SHARE * all[0]) {
                    threadRow(md, process.getKey(), "`" + kind.getKey() + "`", figures, all[0]);
                } else {
                    for (int i = 0; i < other.length; i++) {
                        other[i] += figures[i];
                    }
                    otherKinds++;
                }
            }
            if (otherKinds > 0) {
                threadRow(md, process.getKey(), "other threads (" + otherKinds + " kinds)", other, all[0]);
            }
            threadRow(md, process.getKey(), "**all**", all, all[0]);
        }
        md.append('\n');
    }

    /** A thread kind's {@link ThreadStats#FIGURES} (CPU, waiting, slices, preemptions) from bench.json. */
    private static double[] values(JsonNode figures) {
        double[] values = new double[ThreadStats.FIGURES.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = figures.path(ThreadStats.FIGURES.get(i)).asDouble();
        }
        return values;
    }

    /** One row: CPU, its share of the process's {@code total}, waiting, slices, preemptions. */
    private static void threadRow(StringBuilder md, String process, String threads, double[] figures, double total) {
        md.append("| ").append(process).append(" | ").append(threads).append(" | ")
                .append(num(new DoubleNode(figures[0]))).append(" | ")
                .append(total > 0 ? Math.round(figures[0] / total * 100) + " %" : "-").append(" | ")
                .append(num(new DoubleNode(figures[1]))).append(" | ").append(num(new DoubleNode(figures[2])))
                .append(" | ").append(num(new DoubleNode(figures[3]))).append(" |\n");
    }

    private static List<String> processes(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static String num(JsonNode value) {
        if (value == null || value.isMissingNode() || value.isNull()) {
            return "-";
        }
        double d = value.asDouble();
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        return Math.abs(d) >= 100 ? String.format(Locale.ROOT, "%.0f", d) : String.format(Locale.ROOT, "%.2f", d);
    }

    private static String pct(JsonNode value) {
        if (value == null || value.isMissingNode() || value.isNull()) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.1f %%", value.asDouble() * 100);
    }
}
