package io.refsut.loadtest.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.refsut.loadtest.cli.SutCommand;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.refsut.loadtest.stack.EmbeddedMongo;
import io.refsut.loadtest.stack.Ports;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two tiny {@code sut run}s one right after the other on the same fixed ports: the first must have stopped every
 * process and released every port when it returns, so the second starts; each run.json reports the run's peak
 * resident memory. Errors of single requests are not judged here (SutRunIT does): on a loaded machine a request can
 * time out, and what this test is about is the start of the second run. The warm-up is bounded to 5 s: its usual end,
 * when the p50 cycle time stops falling, takes a minute per run on a slow machine and is SutRunIT's to judge. The
 * second run is given a MongoDB by {@code --mongodb-uri} (a stand-in this test starts), the path of a run against
 * Atlas: its records must land there.
 */
class ConsecutiveRunsIT {

    private static final int PORTS = 11;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path results;

    @Test
    @Timeout(900)
    void aRunStartedRightAfterAnotherOnTheSamePortsSucceeds() throws IOException {
        Path home = Path.of(System.getProperty("sut.repo.root", "..")).toAbsolutePath().normalize();
        int base = freeRange();
        // the second run uses a MongoDB given by URI, as against Atlas: the path of --mongodb-uri, its ping included
        try (EmbeddedMongo external = EmbeddedMongo.start()) {
            for (String label : List.of("first", "second")) {
                List<String> args = new ArrayList<>(List.of("run", "--home", home.toString(), "--ports", "from:" + base,
                        "--results-dir", results.toString(), "--label", label, "--records", "100", "--duration", "5s",
                        "--warmup", "2s", "--warmup-max", "5s", "--rate", "5", "--max-error-pct", "100"));
                if (label.equals("second")) {
                    args.addAll(List.of("--mongodb-uri", external.connectionString()));
                }
                runAndCheckEverythingStopped(args, label, base);
            }
            try (MongoClient client = MongoClients.create(external.connectionString())) {
                // the 100 records and the warm-up's accounts
                long accounts = client.getDatabase("accounts").getCollection("accounts").countDocuments();
                assertTrue(accounts > 100, "the second run's accounts are in the MongoDB it was given: " + accounts);
            }
        }
        try (Stream<Path> folders = Files.list(results)) {
            List<Path> runs = folders.filter(Files::isDirectory).sorted().toList();
            assertEquals(2, runs.size(), "two results folders: " + runs);
            for (Path run : runs) {
                JsonNode runJson = JSON.readTree(run.resolve("run.json").toFile());
                boolean second = run.getFileName().toString().endsWith("-second");
                assertEquals(!second, runJson.path("embeddedMongo").asBoolean(), run + ": embeddedMongo");
                JsonNode memory = runJson.path("residentMemory");
                assertTrue(memory.path("peakTotalBytes").asLong() > 0, run + ": " + memory);
                assertEquals(6, memory.path("peakBytesByProcess").size(), "the CLI and the five services: " + memory);
                // the machine's busy and stolen CPU of every phase, from /proc/stat
                JsonNode machineCpu = runJson.path("machineCpu");
                for (String phase : List.of("warmup", "load", "run")) {
                    JsonNode cpu = machineCpu.path(phase);
                    assertTrue(cpu.path("seconds").asDouble() > 0 && cpu.path("busyCores").asDouble() > 0
                            && cpu.path("stealPct").isNumber(), phase + ": " + machineCpu);
                }
                // the read-back of ~125 records can take less than the 10 ms resolution of /proc/stat
                assertTrue(machineCpu.path("readBack").path("stealPct").isNumber(), "readBack: " + machineCpu);
            }
        }
    }

    /** Runs {@code sut run}; it passes, and when it returns no process of it is alive and its ports are free. */
    private static void runAndCheckEverythingStopped(List<String> args, String label, int base) {
        int exit = SutCommand.commandLine().execute(args.toArray(String[]::new));
        assertEquals(0, exit, label + " run failed (ports from " + base + ")");
        assertEquals(0, ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).count(),
                "processes of the " + label + " run are still alive after it returned");
        List<Integer> taken = IntStream.range(base, base + PORTS).filter(port -> !Ports.isFree(port)).boxed().toList();
        assertTrue(taken.isEmpty(), "ports still in use after the " + label + " run returned: " + taken);
    }

    /** A first port with {@link #PORTS} free ports from it, none used by the contract. */
    private static int freeRange() {
        for (int attempt = 0; attempt < 50; attempt++) {
            int base = ThreadLocalRandom.current().nextInt(20_000, 30_000);
            if (IntStream.range(base, base + PORTS).allMatch(Ports::isFree)) {
                return base;
            }
        }
        return fail("no range of " + PORTS + " free ports found");
    }
}
