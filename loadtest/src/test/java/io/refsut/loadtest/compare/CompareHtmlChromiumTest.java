package io.refsut.loadtest.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Renders compare.html in headless Chromium, offline: the page must load from the file alone and show every group's
 * charts. Skipped, with a message, where no Chromium is installed (CI has none; {@code apt-get install chromium}).
 */
class CompareHtmlChromiumTest {

    private static final Path CHROMIUM = Path.of(System.getProperty("chromium.path", "/usr/bin/chromium"));

    @TempDir
    Path tmp;

    @Test
    void rendersOfflineWithEveryGroup() throws IOException, InterruptedException {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM), "skipped: no Chromium at " + CHROMIUM
                + " (install it, or set -Dchromium.path, to render compare.html headless)");
        Path results = tmp.resolve("results");
        for (int i = 1; i <= 3; i++) {
            new CompareFixture(results).labels("disk=128GB").execution(i).write("small-" + i, 10 + i, 20);
            new CompareFixture(results).labels("disk=512GB").execution(i).write("large-" + i, 8 + i, 18);
        }
        Path out = tmp.resolve("cmp");
        CompareReport.write(List.of(results.toString()), CompareReport.Options.defaults(), out);
        Path html = out.resolve("compare.html");
        Path png = tmp.resolve("compare.png");

        String dom = chromium(html, "--dump-dom");
        assertTrue(dom.contains("disk=128GB") && dom.contains("disk=512GB"), dom);
        assertEquals(3 + 2, count(dom, "<svg"), "read_account, update_account and overall bars, one time chart per group");
        chromium(html, "--screenshot=" + png, "--window-size=1200,1600");
        assertTrue(Files.size(png) > 10_000, "a screenshot with content: " + Files.size(png) + " bytes");
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    /** Runs headless Chromium on {@code html} with no network at all; returns its standard output. */
    private String chromium(Path html, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--no-first-run", "--disable-extensions", "--user-data-dir=" + tmp.resolve("profile"),
                "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>"));
        command.addAll(List.of(args));
        command.add(html.toUri().toString());
        Path stdout = tmp.resolve("chromium.out");
        Process process = new ProcessBuilder(command).redirectOutput(stdout.toFile())
                .redirectError(tmp.resolve("chromium.err").toFile()).start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("Chromium did not finish in 120 s");
        }
        assertEquals(0, process.exitValue(), Files.readString(tmp.resolve("chromium.err")));
        return Files.readString(stdout, StandardCharsets.UTF_8);
    }
}
