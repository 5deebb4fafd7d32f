package io.refsut.loadtest.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class CompareCommandTest {

    @TempDir
    Path results;

    private Path execution(String folder, String label, double shiftMs, String cloud) throws IOException {
        Path dir = results.resolve(folder);
        Files.createDirectories(dir);
        SummaryJson.write(SummaryJsonTest.sample(label, shiftMs), dir.resolve("summary.json"));
        Files.writeString(dir.resolve("run.json"), "{\"target\": {\"cloud\": \"" + cloud + "\"}, \"tier\": \"M30\"}");
        return dir;
    }

    private int compare(String... args) {
        CommandLine cli = new CommandLine(new CompareCommand());
        cli.setOut(new PrintWriter(new StringWriter()));
        cli.setErr(new PrintWriter(new StringWriter()));
        return cli.execute(args);
    }

    @Test
    void groupsExecutionsByLabelAndComputesTheirSpread() throws IOException {
        execution("20260101-100000-aks-m30-exec1", "aks-m30-exec1", 0, "azure");
        execution("20260101-110000-aks-m30-exec2", "aks-m30-exec2", 10, "azure");
        execution("20260101-120000-gke-m30-exec1", "gke-m30-exec1", 4, "gcp");
        Path out = results.resolve("cmp");

        assertEquals(0, compare(results.toString(), "--out", out.toString()));

        List<Comparison.Group> groups = Comparison.group(Comparison.read(Comparison.resolve(
                List.of(results.toString()))), List.of(Comparison.LABEL));
        assertEquals(List.of("aks-m30", "gke-m30"), groups.stream().map(Comparison.Group::name).toList());
        Comparison.Spread mean = groups.get(0).figures().get("overall.meanMs");
        double base = groups.get(1).executions().get(0).summary().overall().meanMs() - 4;
        assertEquals(2, mean.n());
        assertEquals(base + 5, mean.mean(), 1e-9);
        assertEquals(base, mean.min(), 1e-9);
        assertEquals(base + 10, mean.max(), 1e-9);
        assertEquals(Math.sqrt(50), mean.stddev(), 1e-9);
        assertEquals(100 * Math.sqrt(50) / (base + 5), mean.cvPct(), 1e-9);
        assertEquals(0, groups.get(1).figures().get("overall.meanMs").stddev());

        String csv = Files.readString(out.resolve("compare.csv"));
        assertTrue(csv.startsWith("configuration,figure,n,mean,min,max,stddev,cvPct,values\n"), csv);
        assertTrue(csv.contains(String.format(java.util.Locale.ROOT, "aks-m30,overall.meanMs,2,%.3f,%.3f,%.3f,%.3f,",
                base + 5, base, base + 10, Math.sqrt(50))), csv);
        String md = Files.readString(out.resolve("compare.md"));
        assertTrue(md.contains("| figure | aks-m30 (n=2) | gke-m30 (n=1) |"), md);
        String html = Files.readString(out.resolve("compare.html"));
        assertTrue(html.contains("<svg") && html.contains("overall.p99Ms"), html);
        assertFalse(html.contains("<script"), "no script");
        assertFalse(html.replace("http://www.w3.org/2000/svg", "").contains("http"), "nothing fetched from a network");
    }

    @Test
    void groupsByRunJsonKeys() throws IOException {
        execution("a", "x-1", 0, "azure");
        execution("b", "y-1", 2, "azure");
        execution("c", "z-1", 4, "gcp");
        List<Comparison.Group> byCloud = Comparison.group(Comparison.read(Comparison.resolve(
                List.of(results.toString()))), List.of("target.cloud"));
        assertEquals(List.of("azure", "gcp"), byCloud.stream().map(Comparison.Group::name).toList());
        assertEquals(2, byCloud.get(0).executions().size());
        List<Comparison.Group> byTwo = Comparison.group(Comparison.read(Comparison.resolve(
                List.of(results.toString()))), List.of("target.cloud", "tier"));
        assertEquals("target.cloud=azure tier=M30", byTwo.get(0).name());
        List<Comparison.Group> byParameter = Comparison.group(Comparison.read(Comparison.resolve(
                List.of(results.toString()))), List.of("mix"));
        assertEquals(List.of("95:5"), byParameter.stream().map(Comparison.Group::name).toList());
    }

    @Test
    void expandsGlobs() throws IOException {
        execution("20260101-100000-aks-1", "aks-1", 0, "azure");
        execution("20260101-100000-gke-1", "gke-1", 0, "gcp");
        List<Path> found = Comparison.resolve(List.of(results + "/*-aks-*"));
        assertEquals(List.of(results.resolve("20260101-100000-aks-1")), found);
    }

    @Test
    void stripsExecutionSuffixes() {
        assertEquals("aks-m30", Comparison.configurationOf("aks-m30-exec2"));
        assertEquals("aks-m30", Comparison.configurationOf("aks-m30_run3"));
        assertEquals("aks-m30", Comparison.configurationOf("aks-m30-3"));
        assertEquals("local", Comparison.configurationOf("local"));
    }

    @Test
    void failsWhenNothingIsFound() {
        assertEquals(2, compare(results.resolve("nothing").toString(), "--out", results.resolve("o").toString()));
    }
}
