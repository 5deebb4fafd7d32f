package io.refsut.loadtest.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.refsut.loadtest.report.CompareCommand;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Two configurations of three executions each, plus one failed execution, written by the project's own code
 * ({@link CompareFixture}); every expected figure below is worked out by hand from the fixture's response times.
 *
 * <pre>
 * aks (price 0.5/h):  reads 10, 12, 11 ms; updates 20, 22, 40 ms; a 4th execution with 25 % errors (failed)
 * gke (price 0.25/h): reads 30, 31, 32 ms; updates 21, 23, 25 ms
 * every execution: 10 arrivals/s for 10 s, 50 reads and 50 updates, each of them the same time
 * </pre>
 */
class CompareTest {

    private static final double EPS = 1e-9;

    @TempDir
    Path tmp;

    private Path main;

    @BeforeEach
    void writeFixture() throws IOException {
        main = tmp.resolve("results");
        long[][] aks = {{10, 20}, {12, 22}, {11, 40}};
        long[][] gke = {{30, 21}, {31, 23}, {32, 25}};
        for (int i = 0; i < 3; i++) {
            new CompareFixture(main).labels("cloud=aks", "tier=M30", "price=0.5").execution(i + 1)
                    .write("aks-" + (i + 1), aks[i][0], aks[i][1]);
            new CompareFixture(main).labels("cloud=gke", "tier=M30", "price=0.25").execution(i + 1)
                    .write("gke-" + (i + 1), gke[i][0], gke[i][1]);
        }
        new CompareFixture(main).labels("cloud=aks", "tier=M30", "price=0.5").execution(4).failEvery(4)
                .write("aks-4-errors", 100, 100);
    }

    private Analysis analyse(Analysis.Options options, Path... roots) throws IOException {
        List<Path> dirs = io.refsut.loadtest.report.Comparison.resolve(
                java.util.Arrays.stream(roots).map(Path::toString).toList());
        return Analysis.of(CompareReport.read(dirs, tmp.resolve("merged")), options);
    }

    private static Analysis.Group group(Analysis a, String name) {
        return a.groups().stream().filter(g -> g.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void groupsByLabelSetAndKeepsTheFailedExecutionApart() throws IOException {
        Analysis a = analyse(Analysis.Options.defaults(), main);
        assertEquals(List.of("cloud=aks price=0.5", "cloud=gke price=0.25"),
                a.groups().stream().map(Analysis.Group::name).toList(), "only the differing labels name a group");
        Analysis.Group aks = group(a, "cloud=aks price=0.5");
        assertEquals(List.of("aks-1", "aks-2", "aks-3"), aks.passed().stream().map(RunResult::name).toList());
        assertEquals(List.of("aks-4-errors"), aks.failed().stream().map(RunResult::name).toList());
        assertEquals(List.of("25 of 100 requests failed (25 %, limit 1 %)"), aks.failed().get(0).failures());
        assertEquals(Map.of("cloud", "aks", "price", "0.5", "tier", "M30"), aks.labels());
        assertEquals(3, a.stat(aks, "read_account", "max").n(), "the failed execution's 100 ms are not in");
        assertEquals(12, a.stat(aks, "read_account", "max").max(), EPS);

        Analysis byCloud = analyse(new Analysis.Options(List.of("cloud"), false), main);
        assertEquals(List.of("aks", "gke"), byCloud.groups().stream().map(Analysis.Group::name).toList());
        Analysis byTwo = analyse(new Analysis.Options(List.of("cloud", "tier"), false), main);
        assertEquals("cloud=aks tier=M30", byTwo.groups().get(0).name());
    }

    @Test
    void mediansRangesCvOutliersAndRankings() throws IOException {
        Analysis a = analyse(Analysis.Options.defaults(), main);
        Analysis.Group aks = group(a, "cloud=aks price=0.5");

        Stat read = a.stat(aks, "read_account", "mean");
        assertEquals(List.of(10.0, 12.0, 11.0), read.values());
        assertEquals(11, read.median(), EPS);
        assertEquals(10, read.min(), EPS);
        assertEquals(12, read.max(), EPS);
        assertEquals(100 * 1.0 / 11, read.cvPct(), EPS, "sd of 10, 12, 11 is 1");
        assertEquals(List.of(), read.outliers());

        Stat update = a.stat(aks, "update_account", "p99");
        double mean = (20 + 22 + 40) / 3.0;
        double sd = Math.sqrt((Math.pow(20 - mean, 2) + Math.pow(22 - mean, 2) + Math.pow(40 - mean, 2)) / 2);
        assertEquals(22, update.median(), EPS);
        assertEquals(100 * sd / mean, update.cvPct(), EPS);
        // |40 - 22| = 18 > 3 × 1.4826 × MAD(2, 0, 18 → 2) = 8.9 and > 25 % of 22: execution 3 is an outlier
        assertEquals(List.of(2), update.outliers());

        Stat overallMean = a.stat(aks, "overall", "mean");
        assertEquals(List.of(15.0, 17.0, 25.5), overallMean.values());
        assertEquals(List.of(), overallMean.outliers(), "8.5 from the median is within 3 scaled MADs (8.9)");

        List<Analysis.Rank> reads = a.ranking("read_account", "mean");
        assertEquals("cloud=aks price=0.5", reads.get(0).group().name());
        assertEquals(Analysis.Verdict.BEST, reads.get(0).vsBest());
        assertEquals(31.0 / 11, reads.get(1).ratioToBest(), EPS);
        assertEquals(2, reads.get(1).rank());
        assertEquals(Analysis.Verdict.DIFFERENT, reads.get(1).vsBest(), "10–12 and 30–32 do not overlap");

        List<Analysis.Rank> updates = a.ranking("update_account", "mean");
        assertEquals(23.0 / 22, updates.get(1).ratioToBest(), EPS);
        assertEquals(Analysis.Verdict.NO_MEASURABLE_DIFFERENCE, updates.get(1).vsBest(), "20–40 holds 21–25");

        List<Analysis.Rank> overall = a.ranking("overall", "mean");
        assertEquals(27.0 / 17, overall.get(1).ratioToBest(), EPS);
        assertEquals(Analysis.Verdict.NO_MEASURABLE_DIFFERENCE, overall.get(1).vsBest(),
                "15–25.5 and 25.5–28.5 touch: ranges that share a value overlap");
    }

    @Test
    void pairsSayWhichFiguresDifferBeyondTheSpread() throws IOException {
        Analysis a = analyse(Analysis.Options.defaults(), main);
        Analysis.Pair pair = a.pairs().get(0);
        assertEquals(List.of("read_account mean", "read_account p50", "read_account p99", "read_account p99.9",
                "read_account max", "overall p50"), pair.lowerA());
        assertEquals(List.of(), pair.lowerB());
        assertEquals(9, pair.same().size());
        String conclusion = CompareMarkdown.conclusion(a);
        assertTrue(conclusion.contains("On overall p99, cloud=aks price=0.5 is lowest at 22 ms (20–40); "
                + "cloud=gke price=0.25 is 1.41× at 31 ms (30–32): no measurable difference, the ranges overlap."),
                conclusion);
        assertTrue(conclusion.contains("6 of 15 per-operation figures differ beyond the spread"), conclusion);
        assertTrue(conclusion.contains("1 failed execution was left out"), conclusion);
        assertFalse(conclusion.contains("hypervisor"), "no run.json has machineCpu: " + conclusion);
        // compare.md and compare.html: what is compared, then one finding per bullet
        List<String> sentences = CompareMarkdown.conclusionSentences(a);
        assertTrue(sentences.size() >= 4, sentences.toString());
        assertEquals(conclusion, String.join(" ", sentences));
        String md = CompareMarkdown.render(a);
        assertTrue(md.startsWith("# Comparison\n\n" + sentences.get(0) + "\n\n- " + sentences.get(1) + "\n"), md);
        sentences.subList(1, sentences.size()).forEach(s -> assertTrue(md.contains("\n- " + s + "\n"), s));
        String html = CompareHtml.render(a);
        int list = html.indexOf("<ul class=\"c\">");
        assertTrue(list > 0, html);
        String items = html.substring(list, html.indexOf("</ul>", list));
        assertEquals(sentences.size() - 1, items.split("<li>", -1).length - 1, items);
    }

    @Test
    void namesThePassedExecutionsWhoseMachineLostATenthOfItsCpuToTheHypervisor() throws IOException {
        Path runs = tmp.resolve("steal");
        double[] aks = {2.0, 35.4, 10.0};
        for (int i = 0; i < 3; i++) {
            new CompareFixture(runs).labels("cloud=aks").execution(i + 1).runStealPct(aks[i])
                    .write("aks-" + (i + 1), 10, 20);
            new CompareFixture(runs).labels("cloud=gke").execution(i + 1).runStealPct(9.9)
                    .write("gke-" + (i + 1), 10, 20);
        }
        new CompareFixture(runs).labels("cloud=gke").execution(4).runStealPct(50).failEvery(4)
                .write("gke-4-errors", 100, 100);
        Analysis a = analyse(Analysis.Options.defaults(), runs);
        List<String> sentences = CompareMarkdown.conclusionSentences(a);
        List<String> stolen = sentences.stream().filter(s -> s.contains("hypervisor")).toList();
        assertEquals(List.of("2 of 6 passed executions ran while the hypervisor took 10 % or more of the injector "
                + "machine's CPU in the run phase (cloud=aks: aks-2 35.4 %, aks-3 10 %): every process got less CPU "
                + "than it asked for, which widens the ranges; see \"Executions\"."), stolen,
                "9.9 % is under the threshold, and the failed execution is not counted");
        assertTrue(CompareHtml.render(a).contains("aks-2 35.4 %"), "compare.html lists the same sentence");
    }

    @Test
    void notJudgedWithOneExecution() {
        Stat one = Stat.of(List.of(5.0));
        Stat other = Stat.of(List.of(50.0, 51.0));
        assertFalse(one.differsFrom(other));
        assertFalse(one.judged(other));
        assertEquals(0, one.cvPct(), EPS);
        assertEquals(10.5, Stat.of(List.of(1.0, 20.0, 10.0, 11.0)).median(), EPS, "even count: mean of the middle two");
    }

    @Test
    void whereTheTimeWent() throws IOException {
        Analysis a = analyse(Analysis.Options.defaults(), main);
        Map<String, Analysis.TimeSplit> aks = new java.util.HashMap<>();
        a.timeSplits().stream().filter(t -> t.group().name().startsWith("cloud=aks"))
                .forEach(t -> aks.put(t.operation(), t));
        assertEquals(5, aks.get("read_account").mongodbMs().median(), EPS, "max(accounts.find 5, balances.find 2)");
        assertEquals(100.0 * (11 - 5) / 11, aks.get("read_account").outsidePct(), EPS);
        assertEquals(9, aks.get("update_account").mongodbMs().median(), EPS, "5 + 3 + 1");
        assertEquals(100.0 * (22 - 9) / 22, aks.get("update_account").outsidePct(), EPS);
        assertEquals(7, aks.get("overall").mongodbMs().median(), EPS, "(50 × 5 + 50 × 9) / 100");
        assertNull(aks.get("read_account").orchestratorMs(), "the fixture scrapes no orchestrator");
    }

    @Test
    void costAndTheLatencyPerPriceRanking() throws IOException {
        Analysis a = analyse(Analysis.Options.defaults(), main);
        List<Analysis.Cost> costs = a.costs();
        assertEquals(2, costs.size());
        Analysis.Cost gke = costs.get(0);
        Analysis.Cost aks = costs.get(1);
        assertEquals("cloud=gke price=0.25", gke.group().name(), "31 ms × 0.25 = 7.75 beats 22 ms × 0.5 = 11");
        assertEquals(0.25 * 730, gke.monthly(), EPS);
        assertEquals(10, gke.achievedRate(), EPS);
        assertEquals(0.25 / 36_000 * 1_000_000, gke.perMillion(), EPS);
        assertEquals(7.75, gke.p99TimesPrice(), EPS);
        assertEquals(365, aks.monthly(), EPS);
        assertEquals(0.5 / 36_000 * 1_000_000, aks.perMillion(), EPS);
        assertEquals(11, aks.p99TimesPrice(), EPS);
    }

    @Test
    void ycsbTable() throws IOException {
        Path mixes = tmp.resolve("mixes");
        for (int i = 1; i <= 2; i++) {
            new CompareFixture(mixes).mix("95:5").execution(i).write("95-" + i, 1, 4 + i);
            new CompareFixture(mixes).mix("50:50").execution(i).write("50-" + i, 2, 8);
        }
        CompareReport.Written written = CompareReport.write(List.of(mixes.toString()), CompareReport.Options.defaults(),
                tmp.resolve("out"));
        List<Analysis.Ycsb> rows = written.analysis().ycsb();
        assertEquals(List.of("95:5", "50:50"), rows.stream().map(Analysis.Ycsb::mix).toList());
        assertEquals(10, rows.get(0).throughput().median(), EPS);
        assertEquals(1, rows.get(0).readMeanMs().median(), EPS);
        assertEquals(5.5, rows.get(0).writeMeanMs().median(), EPS, "median of 5 and 6");
        String md = written.markdown();
        assertTrue(md.contains("| mix=read=0.95,update=0.05,insert=0,readPayment=0 | 95:5 | 10 | 1 ms | 1 ms | "
                + "5.5 ms | 5.5 ms |"), md);
        assertTrue(md.contains("| 50:50 | 10 | 2 ms | 2 ms | 8 ms | 8 ms |"), md);
        assertEquals("62.5:37.5", Analysis.readWriteMix("read=0.5,update=0.2,insert=0.175,readPayment=0.125"));
        assertEquals("850 µs", CompareMarkdown.latency(Stat.of(List.of(0.85))));
    }

    @Test
    void refusesMismatchedRunsNamingTheParametersOrMarksThem() throws IOException {
        Path odd = tmp.resolve("odd");
        new CompareFixture(odd).labels("cloud=aks", "tier=M30", "price=0.5").docBytes(900).write("aks-900", 10, 20);

        Analysis.Options byCloud = new Analysis.Options(List.of("cloud"), false);
        Analysis.MismatchException e = assertThrows(Analysis.MismatchException.class,
                () -> analyse(byCloud, main, odd));
        assertTrue(e.getMessage().contains("'aks': docBytes (512, 900)"), e.getMessage());

        Analysis marked = analyse(new Analysis.Options(List.of("cloud"), true), main, odd);
        assertEquals("aks ⚠", marked.groups().get(0).display());
        String md = CompareMarkdown.render(marked);
        assertTrue(md.contains("⚠ **aks** groups runs that differ in docBytes (512, 900)"), md);
        Matcher rows = Pattern.compile("(?m)^\\| read_account \\| mean \\| aks ⚠ \\|").matcher(md);
        assertTrue(rows.find(), md);

        Analysis byDefault = analyse(Analysis.Options.defaults(), main, odd);
        assertEquals(3, byDefault.groups().size(), "by default the 900-byte run is a configuration of its own");
        assertTrue(byDefault.groups().stream().anyMatch(g -> g.name().contains("docBytes=900")));

        assertThrows(IllegalArgumentException.class, () -> analyse(new Analysis.Options(List.of("region"), false),
                main), "a key no run has");
    }

    @Test
    void mergesTheInjectorsOfOneExecution() throws IOException {
        Path job = tmp.resolve("job");
        new CompareFixture(job).seed("job-seed").execution(1).injector(0, 2)
                .machineSpeed("loopbackRoundTripUs", 22.5).machineSpeed("systemCallNs", 310).runStealPct(3.5)
                .write("injector-0", 10, 20);
        new CompareFixture(job).seed("job-seed").execution(1).injector(1, 2)
                .machineSpeed("loopbackRoundTripUs", 14.5).machineSpeed("systemCallNs", 1290).runStealPct(20.4)
                .write("injector-1", 10, 20);
        List<RunResult> runs = CompareReport.read(io.refsut.loadtest.report.Comparison.resolve(List.of(job.toString())),
                tmp.resolve("merged"));
        assertEquals(1, runs.size());
        RunResult merged = runs.get(0);
        assertEquals(2, merged.injectors());
        assertEquals(22.5, merged.loopbackRoundTripUs(), EPS, "the slowest injector's machine");
        assertEquals(1290, merged.systemCallNs(), EPS, "the slowest injector's machine, figure by figure");
        assertEquals(20.4, merged.runStealPct(), EPS, "the injector whose machine lost the most to the hypervisor");
        String md = CompareMarkdown.render(Analysis.of(runs, Analysis.Options.defaults()));
        assertTrue(md.contains("| overall p99 ms | injector machine: loopback round trip µs | "
                + "injector machine: system call ns | injector machine: steal % in the run phase | status |"), md);
        assertTrue(md.contains("| 22.5 | 1290 | 20.4 | passed |"), md);
        assertEquals(10, merged.targetRate(), EPS, "5 + 5 arrivals per second");
        assertEquals(100, merged.operations().get("overall").count());
        assertTrue(merged.passed(), merged.failures().toString());
    }

    @Test
    void commandWritesEveryFileAndAnHtmlPageThatNeedsNoNetwork() throws IOException {
        Path out = tmp.resolve("cmp");
        CommandLine cli = new CommandLine(new CompareCommand());
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(new StringWriter()));
        cli.setErr(new PrintWriter(err));
        assertEquals(0, cli.execute(main.toString(), "--out", out.toString()), err.toString());
        for (String file : CompareReport.FILES) {
            assertTrue(Files.size(out.resolve(file)) > 0, file);
        }
        String html = Files.readString(out.resolve("compare.html"));
        assertFalse(html.contains("<script"), "no script");
        assertFalse(html.contains("src=") || html.contains("url(") || html.contains("<link"), "nothing loaded");
        assertFalse(html.replace("http://www.w3.org/2000/svg", "").contains("http"), "no URL");
        assertTrue(html.contains("cloud=aks price=0.5") && html.contains("cloud=gke price=0.25"), "every group");
        assertTrue(html.contains("execution 3"), "one latency-over-time line per execution");
        assertTrue(html.contains("aks-4-errors"), "the failed execution is listed");
        assertTrue(Files.readString(out.resolve("compare.md")).contains(" | – | – | passed |"),
                "no machine speed or steal in these run.json files: a dash");
        String csv = Files.readString(out.resolve("compare.csv"));
        assertTrue(csv.contains("\"cloud=gke price=0.25\",read_account,mean,3,31.000,30.000,32.000,3.226,2,2.818,"
                + "\"beyond the spread\",,\"30.000 31.000 32.000\""), csv);

        StringWriter err2 = new StringWriter();
        CommandLine refusing = new CommandLine(new CompareCommand());
        refusing.setOut(new PrintWriter(new StringWriter()));
        refusing.setErr(new PrintWriter(err2));
        assertEquals(2, refusing.execute(tmp.resolve("nothing").toString(), "--out", tmp.resolve("o").toString()));
        assertTrue(err2.toString().contains("no results folder"), err2.toString());
    }
}
