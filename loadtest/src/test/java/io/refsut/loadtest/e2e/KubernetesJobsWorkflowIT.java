package io.refsut.loadtest.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.refsut.loadtest.stack.LocalStack;
import io.refsut.loadtest.stack.Ports;
import io.refsut.loadtest.stack.ServiceSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cloud workflow of k8s/README.md executed as the Jobs execute it: the container command, arguments and
 * environment of {@code k8s/loadtest/load/job.yaml} and {@code k8s/loadtest/run/job.yaml}, read from the files a user
 * deploys, run as processes on this machine against one live local stack. Only the target, the results folder (the
 * volume mounted at {@code /results}), the record count, the rate and the durations are replaced, so the Jobs' own
 * shell (gateway wait, rate split), their {@code $(VAR)} references and their settings are what runs:
 * <ol>
 * <li>the load Job, then the load Job again (a rerun against the same deployment must pass and find every record);
 * <li>the run Job as {@code parallelism} injectors in parallel ({@code JOB_COMPLETION_INDEX} 0..n-1), twice (two
 * executions against the same records);
 * <li>{@code sut report} over each execution's injectors, {@code sut compare} over the two merged executions.
 * </ol>
 */
class KubernetesJobsWorkflowIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern REFERENCE = Pattern.compile("\\$\\(([A-Za-z_][A-Za-z0-9_]*)\\)");
    private static final String MOUNT = "/results";
    private static final int RECORDS = 200;
    /** The rate of all injectors together: low, the 2-core CI machine runs the services and two injectors. */
    private static final int TOTAL_RATE = 16;
    private static final int SECONDS = 10;
    private static final Duration STEP_TIMEOUT = Duration.ofMinutes(5);

    @TempDir
    static Path work;

    private static Path home;
    private static Path bin;
    private static Path volume;
    private static LocalStack stack;

    /** A Job's one container: the command line (command + args) and the environment in declaration order. */
    record JobSpec(String name, List<String> commandLine, List<Map.Entry<String, JsonNode>> env, int parallelism) {

        static JobSpec read(Path manifest) throws IOException {
            JsonNode job = new YAMLMapper().readTree(manifest.toFile());
            JsonNode container = job.path("spec").path("template").path("spec").path("containers").get(0);
            List<String> commandLine = new ArrayList<>();
            container.path("command").forEach(part -> commandLine.add(part.asText()));
            container.path("args").forEach(part -> commandLine.add(part.asText()));
            List<Map.Entry<String, JsonNode>> env = new ArrayList<>();
            container.path("env").forEach(variable -> env.add(Map.entry(variable.path("name").asText(), variable)));
            assertTrue(container.path("volumeMounts").toString().contains("\"mountPath\":\"" + MOUNT + "\""),
                    manifest + " no longer mounts the results volume at " + MOUNT);
            return new JobSpec(job.path("metadata").path("name").asText(), commandLine, env,
                    job.path("spec").path("parallelism").asInt(1));
        }

        /**
         * The container's environment as Kubernetes builds it: {@code $(VAR)} refers to a variable defined earlier
         * in the list (an unknown one stays as written), the completion-index annotation is {@code index};
         * {@code overrides} replace a value before it is expanded.
         */
        Map<String, String> environment(Map<String, String> overrides, int index) {
            Map<String, String> values = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> variable : env) {
                String name = variable.getKey();
                JsonNode spec = variable.getValue();
                String raw;
                if (overrides.containsKey(name)) {
                    raw = overrides.get(name);
                } else if (spec.has("valueFrom")) {
                    String field = spec.path("valueFrom").path("fieldRef").path("fieldPath").asText();
                    assertTrue(field.contains("job-completion-index"), name + ": unsupported valueFrom " + spec);
                    raw = Integer.toString(index);
                } else {
                    raw = spec.path("value").asText();
                }
                Matcher m = REFERENCE.matcher(raw);
                StringBuilder expanded = new StringBuilder();
                while (m.find()) {
                    String value = values.getOrDefault(m.group(1), m.group());
                    m.appendReplacement(expanded, Matcher.quoteReplacement(value));
                }
                m.appendTail(expanded);
                values.put(name, expanded.toString());
            }
            overrides.forEach(values::putIfAbsent);
            return values;
        }
    }

    @BeforeAll
    static void startTheDeployment() throws IOException {
        home = Path.of(System.getProperty("sut.repo.root", "..")).toAbsolutePath().normalize();
        List<String> missing = new ArrayList<>();
        for (ServiceSpec spec : ServiceSpec.ALL) {
            if (!Files.isRegularFile(home.resolve(spec.jar()))) {
                missing.add(spec.jar());
            }
        }
        Path cli = home.resolve("loadtest/target/loadtest.jar");
        if (!Files.isRegularFile(cli)) {
            missing.add("loadtest/target/loadtest.jar");
        }
        if (!missing.isEmpty()) {
            fail("the workflow test needs the packaged services and CLI " + missing + " under " + home);
        }
        // the image's 'sut' on PATH: this JVM's java with the packaged CLI
        bin = Files.createDirectories(work.resolve("bin"));
        String java = ProcessHandle.current().info().command().orElse("java");
        Path sut = bin.resolve("sut");
        Files.writeString(sut, "#!/bin/sh\nexec '" + java + "' -jar '" + cli + "' \"$@\"\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(sut, PosixFilePermissions.fromString("rwxr-xr-x"));
        volume = Files.createDirectories(work.resolve("volume"));
        stack = LocalStack.start(new LocalStack.Settings(home, work.resolve("stack-logs"), "", Ports.parse("auto"),
                LocalStack.splitOptions(LocalStack.SERVICE_JVM_OPTIONS),
                LocalStack.splitOptions(LocalStack.DATA_SERVICE_JVM_OPTIONS), Duration.ofSeconds(180)),
                line -> System.out.println("[stack] " + line));
    }

    @AfterAll
    static void stopTheDeployment() {
        if (stack != null) {
            stack.close();
        }
    }

    @Test
    @Timeout(1500)
    void theLoadAndRunJobsCommandsWorkAgainstOneDeploymentRepeatedly() throws Exception {
        JobSpec load = JobSpec.read(home.resolve("k8s/loadtest/load/job.yaml"));
        JobSpec run = JobSpec.read(home.resolve("k8s/loadtest/run/job.yaml"));
        assertTrue(run.parallelism() >= 2, "the run Job should drive from several injectors: " + run.parallelism());

        // 1. the load Job, then the same Job again against the same deployment
        Map<String, String> shortened = Map.of("SUT_TARGET", stack.targetUrl(), "SUT_RECORDS",
                Integer.toString(RECORDS), "SUT_GATEWAY_WAIT", "60", "SUT_WARMUP", "2s", "SUT_WARMUP_MAX", "20s");
        execute(load, shortened, 0, "load-1");
        execute(load, shortened, 0, "load-2");
        for (String step : List.of("load-1", "load-2")) {
            // the load phase's own line (rate, failures, retries) in the test's output, for a slow machine's record
            Files.readAllLines(work.resolve(step + ".log")).stream().filter(line -> line.contains("load phase done"))
                    .forEach(line -> System.out.println(step + ": " + line));
        }
        List<JsonNode> loads = runJsons(volumeFolder(load.environment(shortened, 0).get("SUT_RESULTS_DIR")));
        assertEquals(2, loads.size(), "one results folder per load Job: " + loads);
        long payments = RECORDS / 10;
        assertEquals(RECORDS + payments, loads.get(1).path("loadPhase").path("existing").asLong(),
                "the rerun should find every account and payment of the first: " + loads.get(1).path("loadPhase"));
        for (JsonNode loadRun : loads) {
            // no run phase follows a load Job: only the cold start, no concurrent warm-up
            assertTrue(loadRun.path("coldStart").path("cycles").asLong() >= 10, "cold start: " + loadRun);
            assertTrue(loadRun.path("warmupCycles").isMissingNode(), "a load Job needs no warm-up: " + loadRun);
        }

        // 2. two executions of the run Job, each as parallelism injectors at once
        List<Path> merged = new ArrayList<>();
        for (int execution = 1; execution <= 2; execution++) {
            Map<String, String> runSettings = new LinkedHashMap<>(shortened);
            runSettings.putAll(Map.of("SUT_TOTAL_RATE", Integer.toString(TOTAL_RATE), "SUT_DURATION", SECONDS + "s",
                    "SUT_SETTLE", "2s", "SUT_EXECUTION", Integer.toString(execution),
                    "SUT_RUN_LABEL", "local-workflow-exec" + execution, "SUT_LABEL_SET", "cloud=local,tier=embedded"));
            List<Process> injectors = new ArrayList<>();
            for (int index = 0; index < run.parallelism(); index++) {
                injectors.add(start(run, runSettings, index, "run-" + execution + "-injector-" + index));
            }
            for (int index = 0; index < injectors.size(); index++) {
                awaitSuccess(injectors.get(index), "run-" + execution + "-injector-" + index);
            }
            Path executionDir = volumeFolder(MOUNT + "/local-workflow-exec" + execution);
            List<Path> injectorDirs;
            try (Stream<Path> dirs = Files.list(executionDir)) {
                injectorDirs = dirs.filter(Files::isDirectory).sorted().toList();
            }
            assertEquals(run.parallelism(), injectorDirs.size(), "one folder per injector: " + injectorDirs);
            double rateSum = 0;
            long countSum = 0;
            for (Path injectorDir : injectorDirs) {
                JsonNode summary = JSON.readTree(onlyResultsFolder(injectorDir).resolve("summary.json").toFile());
                JsonNode reconciliation = summary.path("reconciliation");
                assertEquals(0, reconciliation.path("missing").asLong(), injectorDir + ": " + reconciliation);
                assertEquals(0, reconciliation.path("mismatched").asLong(), injectorDir + ": " + reconciliation);
                assertEquals((double) TOTAL_RATE / run.parallelism(), summary.path("targetRate").asDouble(), 1e-9,
                        "the Job's shell splits SUT_TOTAL_RATE over SUT_INJECTORS");
                rateSum += summary.path("achievedRate").asDouble();
                countSum += summary.path("overall").path("count").asLong();
                JsonNode runJson = JSON.readTree(onlyResultsFolder(injectorDir).resolve("run.json").toFile());
                assertEquals(execution, runJson.path("execution").path("number").asInt(), injectorDir + ": " + runJson.path("execution"));
                assertTrue(runJson.path("injector").isObject(), injectorDir + ": injector field");
                assertEquals("local", runJson.path("labels").path("cloud").asText(), injectorDir + ": label set");
            }

            // 3a. the merge of the injectors
            Path out = work.resolve("merged-exec" + execution);
            List<String> report = new ArrayList<>(List.of("report"));
            injectorDirs.forEach(dir -> report.add(dir.toString()));
            report.addAll(List.of("--out", out.toString(), "--label", "local-workflow-exec" + execution));
            awaitSuccess(sut(report, "report-" + execution), "report-" + execution);
            JsonNode mergedSummary = JSON.readTree(out.resolve("summary.json").toFile());
            assertEquals(countSum, mergedSummary.path("overall").path("count").asLong(), "merged count");
            assertEquals(TOTAL_RATE, mergedSummary.path("targetRate").asDouble(), 1e-9, "merged target rate");
            assertEquals(rateSum, mergedSummary.path("achievedRate").asDouble(), rateSum * 0.02,
                    "the merged rate is the sum of the injectors'");
            merged.add(out);
        }

        // 3b. the comparison of the two executions
        Path comparison = work.resolve("compare");
        List<String> compare = new ArrayList<>(List.of("compare"));
        merged.forEach(dir -> compare.add(dir.toString()));
        compare.addAll(List.of("--out", comparison.toString()));
        awaitSuccess(sut(compare, "compare"), "compare");
        try (Stream<Path> files = Files.list(comparison)) {
            assertTrue(files.anyMatch(f -> f.getFileName().toString().startsWith("compare")),
                    "sut compare wrote nothing into " + comparison);
        }
    }

    private static void execute(JobSpec job, Map<String, String> overrides, int index, String step) throws Exception {
        awaitSuccess(start(job, overrides, index, step), step);
    }

    /** Starts the Job's container command as a process, the results volume mapped into the temporary folder. */
    private static Process start(JobSpec job, Map<String, String> overrides, int index, String step) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(job.commandLine());
        Map<String, String> env = builder.environment();
        env.keySet().removeIf(name -> name.startsWith("SUT_"));
        job.environment(overrides, index).forEach((name, value) -> env.put(name,
                value.startsWith(MOUNT + "/") || value.equals(MOUNT) ? volumeFolder(value).toString() : value));
        env.put("JOB_COMPLETION_INDEX", Integer.toString(index));
        env.put("PATH", bin + ":" + env.getOrDefault("PATH", "/usr/bin:/bin"));
        return builder.redirectErrorStream(true).redirectOutput(work.resolve(step + ".log").toFile()).start();
    }

    private static Process sut(List<String> args, String step) throws IOException {
        List<String> commandLine = new ArrayList<>(List.of(bin.resolve("sut").toString()));
        commandLine.addAll(args);
        return new ProcessBuilder(commandLine).redirectErrorStream(true)
                .redirectOutput(work.resolve(step + ".log").toFile()).start();
    }

    /** Waits for the step's process; {@code step} names its log ({@code <step>.log}). */
    private static void awaitSuccess(Process process, String step) throws Exception {
        if (!process.waitFor(STEP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            fail(step + " did not finish within " + STEP_TIMEOUT + ": " + tail(step));
        }
        assertEquals(0, process.exitValue(), step + " failed: " + tail(step));
    }

    private static String tail(String step) throws IOException {
        List<String> lines = Files.readAllLines(work.resolve(step + ".log"));
        return "\n" + String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }

    /** Where a path on the Job's results volume lands here. */
    private static Path volumeFolder(String pathInPod) {
        assertTrue(pathInPod.startsWith(MOUNT), pathInPod + " is not on the results volume");
        return volume.resolve(pathInPod.substring(MOUNT.length()).replaceFirst("^/", ""));
    }

    private static List<JsonNode> runJsons(Path dir) throws IOException {
        List<JsonNode> runs = new ArrayList<>();
        try (Stream<Path> folders = Files.list(dir)) {
            for (Path folder : folders.filter(Files::isDirectory).sorted().toList()) {
                runs.add(JSON.readTree(folder.resolve("run.json").toFile()));
            }
        }
        return runs;
    }

    private static Path onlyResultsFolder(Path dir) throws IOException {
        try (Stream<Path> folders = Files.list(dir)) {
            List<Path> found = folders.filter(Files::isDirectory).toList();
            assertEquals(1, found.size(), "one results folder in " + dir + ": " + found);
            return found.get(0);
        }
    }
}
