package io.refsut.loadtest.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding results folders (the comparison itself: io.refsut.loadtest.compare.CompareTest). */
class CompareCommandTest {

    @TempDir
    Path results;

    private void execution(String folder, String label) throws IOException {
        Path dir = results.resolve(folder);
        Files.createDirectories(dir);
        SummaryJson.write(SummaryJsonTest.sample(label, 0), dir.resolve("summary.json"));
    }

    @Test
    void expandsGlobsAndFolders() throws IOException {
        execution("20260101-100000-aks-1", "aks-1");
        execution("20260101-100000-gke-1", "gke-1");
        execution("series/20260101-110000-gke", "gke");
        assertEquals(List.of(results.resolve("20260101-100000-aks-1")), Comparison.resolve(List.of(results + "/*-aks-*")));
        assertEquals(List.of(results.resolve("20260101-100000-aks-1"), results.resolve("20260101-100000-gke-1"),
                results.resolve("series/20260101-110000-gke")), Comparison.resolve(List.of(results.toString())));
    }

    @Test
    void stripsExecutionSuffixesForTheReportLabel() {
        assertEquals("aks-m30", Comparison.configurationOf("aks-m30-exec2"));
        assertEquals("aks-m30", Comparison.configurationOf("aks-m30_run3"));
        assertEquals("local", Comparison.configurationOf("local"));
    }
}
