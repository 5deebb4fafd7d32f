package io.refsut.loadtest.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SummaryJsonTest {

    private static final Path FORMAT_DOC = Path.of("docs", "summary-format.md");
    private static final long T0 = 1_800_000_000_000L;

    /** A summary with every section filled: synthetic log, server scrapes, reconciliation, Gatling figures. */
    static Summary sample(String label, double meanShiftMs) {
        return sample(label, meanShiftMs, 2.2);
    }

    /** The same, with the hypervisor's share of the run phase's CPU ({@code stealPct}). */
    static Summary sample(String label, double meanShiftMs, double stealPct) {
        List<SimulationLog.Request> requests = new ArrayList<>();
        List<SimulationLog.UserEvent> users = new ArrayList<>();
        for (int k = 0; k < 100; k++) {
            long start = T0 + 100L * k;
            users.add(new SimulationLog.UserEvent("run", true, start));
            String name = k % 2 == 0 ? "read_account" : "make_payment";
            boolean ok = k != 7;
            requests.add(new SimulationLog.Request(List.of(), name, start + 1,
                    start + 1 + 5 + (k % 10) + Math.round(meanShiftMs), ok, ok ? "" : "status.find.is(201), found 503"));
            users.add(new SimulationLog.UserEvent("run", false, start + 30));
        }
        SimulationLog log = new SimulationLog("3.15.0", "io.refsut.loadtest.simulation.RunSimulation", T0, "run",
                List.of("run"), requests, users, List.of());
        String accounts = TimerText.of("sut_mongodb_operation_seconds",
                "collection=\"accounts\",operation=\"find\",outcome=\"success\"", "1.0E-4", 40, 50, 0.004)
                + "sut_mongodb_settings{database=\"accounts\",w=\"majority\",journal=\"true\"} 1\n";
        String orchestrator = TimerText.of("sut_business_operation_seconds",
                "operation=\"read_account\",outcome=\"success\"", "0.01", 50, 50, 0.25)
                + TimerText.of("sut_downstream_call_seconds",
                        "dependency=\"accounts\",call=\"find\",outcome=\"success\"", "0.01", 50, 50, 0.1)
                + "sut_transaction_partial_total{operation=\"make_payment\"} 1\n";
        Map<String, List<PrometheusText.Sample>> after = new TreeMap<>(Map.of(
                "accounts", PrometheusText.parse(accounts), "orchestrator", PrometheusText.parse(orchestrator)));
        ServerReport server = ServerReport.diff(ServerMetrics.of(Instant.EPOCH, Map.of(), Map.of("audit", "down")),
                ServerMetrics.of(Instant.EPOCH, after, Map.of()));
        Map<String, GatlingReport.Row> gatling = Map.of(GatlingReport.ALL_REQUESTS,
                new GatlingReport.Row(100, 1, 10, 15, Map.of("50", 9L, "95", 13L)));
        RunContext ctx = new RunContext(label, 10, Duration.ofSeconds(10), Duration.ZERO,
                Map.of("rate", 10, "mix", "95:5", "loadCount", 1000, RunContext.MACHINE_LOOPBACK, 21.9,
                        RunContext.MACHINE_CPU_LOOP, 1.69, RunContext.MACHINE_SYSTEM_CALL, 1290,
                        RunContext.MACHINE_RUN_BUSY_CORES, 0.557, RunContext.MACHINE_RUN_STEAL_PCT, stealPct),
                List.of("read_account", "update_account", "make_payment", "read_payment"));
        return ResultsWriter.summarise(List.of(log), List.of("gatling/run/simulation.log"), ctx, server,
                new Reconciliation("full", 60, 0, 0, 1, List.of()), Optional.of(gatling));
    }

    @Test
    void roundTripsThroughJson(@TempDir Path dir) throws IOException {
        Summary summary = sample("local-exec1", 0);
        Path file = dir.resolve("summary.json");
        SummaryJson.write(summary, file);
        assertEquals(summary, SummaryJson.read(file));
    }

    @Test
    void everyDocumentedFieldIsInTheJson() throws IOException {
        JsonNode json = SummaryJson.MAPPER.readTree(SummaryJson.toJson(sample("local", 0)));
        List<String> documented = documentedFields();
        assertTrue(documented.size() > 60, "documented fields: " + documented);
        for (String field : documented) {
            assertTrue(resolves(json, segments(field)), "documented but not in summary.json: " + field);
        }
    }

    @Test
    void everyJsonTopLevelFieldIsDocumented() throws IOException {
        JsonNode json = SummaryJson.MAPPER.readTree(SummaryJson.toJson(sample("local", 0)));
        List<String> documented = documentedFields();
        for (Iterator<String> names = json.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            assertTrue(documented.stream().anyMatch(f -> f.equals(name) || f.startsWith(name + ".")),
                    "in summary.json but not documented: " + name);
        }
    }

    @Test
    void rejectsAnotherFormatVersion(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("summary.json");
        Files.writeString(file, "{\"formatVersion\": 1}");
        assertThrows(IOException.class, () -> SummaryJson.read(file));
    }

    @Test
    void recordsTheFiguresTheSummaryPromises() {
        Summary s = sample("local", 0);
        assertEquals(10.0, s.targetRate());
        assertEquals(10.0, s.achievedRate(), 1e-9);
        assertFalse(s.injectorFellBehind(), s.injector().reasons().toString());
        assertEquals(1, s.totalErrors());
        assertEquals(List.of("read_account", "update_account", "make_payment", "read_payment"),
                List.copyOf(s.operations().keySet()));
        assertEquals(Map.of("http_503", 1L), s.operations().get("make_payment").errorsByKind());
        assertEquals(50, s.server().get("accounts").get("find").count());
        assertEquals(80.0, s.server().get("accounts").get("find").meanUs(), 1e-9);
        assertEquals(5000.0, s.orchestrator().business().get("read_account").meanUs(), 1e-9);
        assertEquals(Map.of("make_payment", 1L), s.orchestrator().partialTransactions());
        assertEquals("majority", s.serverSettings().get("accounts").get("w"));
        assertEquals(Map.of("audit", "down"), s.scrape().missing());
        assertTrue(s.gatlingReported().differences().stream().anyMatch(d -> d.figure().equals("p95Ms")));
        String md = s.markdown();
        assertTrue(md.contains("| make_payment | 50 | 49 | 1 |"), md);
        assertTrue(md.contains("gatling/gatling#4715"), md);
        assertTrue(md.contains("| accounts | find | 50 | 80 |"), md);
        assertTrue(md.contains("- Injector machine before the run: loopback round trip p50 21.9 µs, "
                + "system call 1290 ns, CPU loop 1.69 ns per iteration"), md);
        assertTrue(md.contains("- Injector machine during the run phase (Gatling's start, ramp, settle and window; "
                + "run.json machineCpu.run): 0.557 cores busy, the hypervisor took 2.2 % of the CPU time the machine's "
                + "processes wanted (steal)"), md);
        assertFalse(md.contains("**The hypervisor took"), "2.2 % is below the warning's 10 %: " + md);
    }

    @Test
    void warnsWhenTheHypervisorTookMuchOfTheRunPhase() {
        String md = sample("local", 0, 20.4).markdown();
        assertTrue(md.contains("**The hypervisor took 20.4 % of the CPU time this machine's processes wanted during "
                + "the run phase"), md);
        assertTrue(md.indexOf("**The hypervisor took") < md.indexOf("## Response time"),
                "the warning stands above the figures it is about: " + md);
        assertTrue(SummaryHtml.render(sample("local", 0, 20.4)).contains("<b>The hypervisor took 20.4 % of the CPU"),
                "summary.html carries it too");
        assertFalse(SummaryHtml.render(sample("local", 0)).contains("The hypervisor took"), "not below 10 %");
    }

    /** Every backticked field path in the first column of the doc's field tables. */
    static List<String> documentedFields() throws IOException {
        List<String> fields = new ArrayList<>();
        boolean inFields = false;
        Pattern backticked = Pattern.compile("`([a-zA-Z][^`]*)`");
        for (String line : Files.readAllLines(FORMAT_DOC)) {
            if (line.startsWith("## ")) {
                inFields = line.equals("## Fields");
            }
            if (!inFields || !line.startsWith("| `")) {
                continue;
            }
            String firstCell = line.substring(1, line.indexOf('|', 1));
            Matcher matcher = backticked.matcher(firstCell);
            while (matcher.find()) {
                fields.add(matcher.group(1));
            }
        }
        return fields;
    }

    private static List<String> segments(String path) {
        List<String> segments = new ArrayList<>();
        Matcher matcher = Pattern.compile("<[^>]*>|[^.]+").matcher(path);
        while (matcher.find()) {
            segments.add(matcher.group());
        }
        return segments;
    }

    /** Whether {@code path} exists in {@code node}; a {@code <placeholder>} matches any key of a non-empty map. */
    private static boolean resolves(JsonNode node, List<String> path) {
        if (path.isEmpty()) {
            return true;
        }
        String head = path.get(0);
        List<String> rest = path.subList(1, path.size());
        if (head.startsWith("<")) {
            for (Iterator<JsonNode> children = node.elements(); children.hasNext(); ) {
                if (resolves(children.next(), rest)) {
                    return true;
                }
            }
            return false;
        }
        return node.has(head) && resolves(node.get(head), rest);
    }
}
