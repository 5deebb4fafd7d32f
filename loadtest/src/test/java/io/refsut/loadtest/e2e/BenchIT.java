package io.refsut.loadtest.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.refsut.loadtest.cli.SutCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A smoke run of {@code sut bench} on the real local stack (embedded store as its own process, the five packaged
 * services): tiny durations, one execution and a two-step capacity search (a third, refining, step when the second
 * fails). Checks the report's structure and that every series measured something; no timing is asserted.
 */
class BenchIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> SERIES = List.of("floor", "oneHop", "full");
    private static final List<String> PROCESSES = List.of("accounts", "payments", "balances", "audit", "orchestrator",
            "store", "injector", "servicesAndStore", "total");

    @TempDir
    Path results;

    @Test
    @Timeout(600)
    void benchReportsEverySeriesTheOverheadsTheCpuAndTheCapacitySteps() throws IOException {
        Path home = Path.of(System.getProperty("sut.repo.root", "..")).toAbsolutePath().normalize();
        int exit = SutCommand.commandLine().execute("bench", "--home", home.toString(), "--results-dir",
                results.toString(), "--rate", "10", "--duration", "3s", "--warmup", "2s", "--series-warmup", "1s",
                "--executions", "1", "--records", "60", "--payments", "10", "--capacity", "--capacity-mixes", "default",
                "--capacity-start", "5", "--capacity-factor", "1.6", "--capacity-max", "8", "--step-duration", "2s",
                "--step-warmup", "1s", "--slo-p99", "60000", "--capacity-refine", "1", "--step-pause", "0s");
        assertEquals(0, exit, "sut bench failed");
        Path folder;
        try (Stream<Path> folders = Files.list(results)) {
            folder = folders.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        JsonNode bench = JSON.readTree(folder.resolve("bench.json").toFile());
        assertFalse(bench.has("failure"), bench.path("failure").asText());
        for (String series : SERIES) {
            JsonNode operations = bench.path("series").path(series).path("operations");
            assertTrue(operations.size() > 0, series + " measured nothing: " + bench.path("series").path(series));
            operations.fields().forEachRemaining(entry -> {
                for (String figure : List.of("p50Us", "p99Us", "p999Us", "maxUs")) {
                    assertTrue(entry.getValue().path(figure).isNumber(), series + " " + entry.getKey() + " " + figure);
                }
                assertTrue(entry.getValue().path("cv").isObject(), series + " " + entry.getKey() + " cv");
            });
            JsonNode cpu = bench.path("series").path(series).path("cpuUsPerOperation");
            for (String process : PROCESSES) {
                assertTrue(cpu.path(process).isNumber(), series + " cpuUsPerOperation." + process + ": " + cpu);
            }
            // the machine's busy and stolen CPU from /proc/stat (Linux, where this runs)
            JsonNode cores = bench.path("series").path(series).path("cpuCores");
            assertTrue(cores.path("machineBusy").asDouble() > 0 && cores.path("steal").isNumber()
                    && cores.path("stealPct").asDouble(-1) >= 0, series + " cpuCores: " + cores);
            // every process's threads from the scheduler's accounting (/proc/<pid>/task/*/schedstat, Linux)
            JsonNode threads = bench.path("series").path(series).path("threads");
            assertEquals(7, bench.path("processes").size(), "five services, the store and the injector");
            for (java.util.Iterator<String> names = bench.path("processes").fieldNames(); names.hasNext();) {
                String process = names.next();
                JsonNode all = threads.path(process).path("all");
                assertTrue(all.path("cpuUs").asDouble() > 0 && all.path("timeSlices").asDouble() > 0
                        && all.path("runQueueWaitUs").isNumber() && all.path("preemptions").asDouble(-1) >= 0,
                        series + " threads." + process + ": " + threads);
            }
            // the services' requests run on their Vert.x event loops
            assertTrue(threads.path("orchestrator").path("vert.x-eventloo").path("cpuUs").asDouble() > 0
                    || !series.equals("full"), "full threads.orchestrator: " + threads.path("orchestrator"));
        }
        for (String series : SERIES) {
            // the unmeasured warm-ups are recorded too: once before the executions, and before each series
            JsonNode warmup = bench.path("warmup").path(series);
            JsonNode seriesWarmup = bench.path("executions").path(0).path("seriesWarmup").path(series);
            assertTrue(warmup.path("arrivals").asLong() > 0 && warmup.path("errors").isNumber(), series + " warm-up: " + warmup);
            assertTrue(seriesWarmup.path("arrivals").asLong() > 0 && seriesWarmup.path("errorsByOperation").isObject(),
                    series + " series warm-up: " + seriesWarmup);
            if (!series.equals("full")) {
                // driver and one-hop operations on records only the bench touches: any error is a defect of the bench
                assertEquals(0, warmup.path("errors").asLong() + seriesWarmup.path("errors").asLong(),
                        series + " warm-ups: " + warmup + " " + seriesWarmup);
            }
        }
        for (String series : List.of("floor", "oneHop")) {
            // the payment's status change (PENDING -> COMPLETED in make_payment), alone: a bad filter or body fails all
            JsonNode replace = bench.path("executions").path(0).path("series").path(series).path("operations")
                    .path("payments.replace");
            assertTrue(replace.path("count").asLong() > 0, series + " payments.replace: " + replace);
            assertEquals(0, replace.path("errors").asLong(), series + " payments.replace: " + replace);
        }
        for (String operation : List.of("accounts.find", "balances.replace", "payments.replace", "read_account",
                "update_account", "make_payment", "read_payment")) {
            JsonNode overhead = bench.path("overhead").path(operation);
            for (String figure : List.of("floorUs", "sutUs", "ratio")) {
                assertTrue(overhead.path(figure).isNumber(), "overhead." + operation + "." + figure + ": " + overhead);
            }
            assertTrue(overhead.path("cv").isObject(), "overhead." + operation + ".cv");
        }
        JsonNode capacity = bench.path("capacity").path("mixes").path("default");
        for (String side : List.of("sut", "store")) {
            JsonNode search = capacity.path(side);
            JsonNode steps = search.path("steps");
            assertTrue(steps.size() >= 1 && steps.size() <= 3, side + " steps: " + steps);
            for (JsonNode step : steps) {
                assertTrue(step.path("p99Us").isNumber() && step.path("cpuCores").path("orchestrator").isNumber()
                        && step.path("busiest").isTextual(), side + " step: " + step);
            }
            // 5/s and 8/s; when 8/s failed after 5/s held, one refinement step at 6/s; one step when 5/s failed
            boolean firstHeld = steps.get(0).path("held").asBoolean();
            boolean secondFailed = steps.size() > 1 && !steps.get(1).path("held").asBoolean();
            assertEquals(!firstHeld ? 1 : secondFailed ? 3 : 2, steps.size(), side + ": " + search);
            if (steps.size() == 3) {
                assertEquals(6, steps.get(2).path("rate").asDouble(), side + ": " + search);
                assertTrue(steps.get(2).path("refinement").asBoolean(), side + ": " + search);
            }
            assertFalse(steps.get(0).path("refinement").asBoolean(), side + ": " + search);
            assertTrue(search.path("highestRateHeld").isNumber() && search.path("limit").isTextual(), side + ": " + search);
            assertEquals(search.path("steps").findValues("held").stream().allMatch(JsonNode::asBoolean),
                    search.path("lowestRateFailed").isNull(), side + ": " + search);
        }
        String markdown = Files.readString(folder.resolve("bench.md"));
        assertTrue(markdown.contains("unmeasured warm-ups"), "bench.md names the warm-ups: " + markdown);
        assertEquals(0, ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).count(),
                "processes started by the bench are still alive");
    }
}
