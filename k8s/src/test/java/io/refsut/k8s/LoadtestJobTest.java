package io.refsut.k8s;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The client-cluster side: the load and run Jobs, their namespace and results volume. */
class LoadtestJobTest {

    @Test
    void setupRendersARestrictedNamespaceWithAResultsVolume() {
        Manifests m = Client.setup("aks");
        assertEquals("restricted", m.get(Namespace.class, "refsut-loadtest").getMetadata().getLabels()
                .get("pod-security.kubernetes.io/enforce"));
        assertEquals(List.of("ReadWriteOnce"), m.get(PersistentVolumeClaim.class, "refsut-results").getSpec().getAccessModes());
        assertEquals(Boolean.FALSE, m.get(ServiceAccount.class, "refsut-loadtest").getAutomountServiceAccountToken());
        assertTrue(m.of(Job.class).isEmpty(), "the Jobs are applied separately, the run after the load phase");
    }

    @Test
    void runJobSplitsTheTotalRateAcrossIndexedInjectors() {
        Job job = Client.step("aks", "run").get(Job.class, "refsut-run");
        assertEquals("Indexed", job.getSpec().getCompletionMode());
        assertEquals(job.getSpec().getParallelism(), job.getSpec().getCompletions(), "all injectors run at once");
        Container container = assertRestrictedJob(job);
        Map<String, String> env = env(container);
        assertEquals(String.valueOf(job.getSpec().getParallelism()), env.get("SUT_INJECTORS"),
                "SUT_INJECTORS must equal parallelism, or the achieved rate is not the target");
        for (String name : List.of("SUT_TARGET", "SUT_TOTAL_RATE", "SUT_DURATION", "SUT_RECORDS", "SUT_MIX", "SUT_SEED")) {
            assertNotNull(env.get(name), name);
        }
        assertTrue(env.get("SUT_TARGET").startsWith("https://"), "the injectors go through the TLS gateway");
        assertEquals("true", env.get("SUT_SKIP_LOAD"), "the injectors run on the records the load Job created");
        assertTrue(env.get("SUT_RESULTS_DIR").contains("$(JOB_COMPLETION_INDEX)"), "one results folder per injector");
        assertTrue(env.get("SUT_LABEL").contains("$(JOB_COMPLETION_INDEX)"), "one label per injector");
        List<String> names = container.getEnv().stream().map(EnvVar::getName).toList();
        assertTrue(names.indexOf("JOB_COMPLETION_INDEX") < names.indexOf("SUT_RESULTS_DIR"),
                "a $(VAR) reference only expands variables defined before it");
        String script = String.join(" ", container.getCommand());
        assertTrue(script.contains("SUT_RATE=") && script.contains("r / n"), "each pod runs at SUT_TOTAL_RATE / SUT_INJECTORS");
    }

    @Test
    void loadJobRunsOnePod() {
        Job job = Client.step("aks", "load").get(Job.class, "refsut-load");
        assertEquals(1, job.getSpec().getParallelism());
        assertEquals(1, job.getSpec().getCompletions());
        Map<String, String> env = env(assertRestrictedJob(job));
        assertNotNull(env.get("SUT_RECORDS"));
        Container load = job.getSpec().getTemplate().getSpec().getContainers().get(0);
        assertTrue(load.getCommand().get(load.getCommand().size() - 1).strip().endsWith("exec sut load"),
                "sut load: the load phase only");
        Map<String, String> run = env(Client.step("aks", "run").get(Job.class, "refsut-run").getSpec()
                .getTemplate().getSpec().getContainers().get(0));
        for (String shared : List.of("SUT_TARGET", "SUT_SEED", "SUT_RECORDS", "SUT_PAYMENTS")) {
            assertEquals(run.get(shared), env.get(shared), "load and run agree on " + shared + ", or ids do not match");
        }
    }

    @Test
    void resultsReaderMountsTheResultsVolumeReadOnly() {
        Pod pod = Client.step("aks", "reader").get(Pod.class, "refsut-results");
        assertEquals("refsut-loadtest", pod.getMetadata().getNamespace());
        assertEquals("refsut-results", pod.getSpec().getVolumes().get(0).getPersistentVolumeClaim().getClaimName());
        var mount = pod.getSpec().getContainers().get(0).getVolumeMounts().get(0);
        assertEquals("/results", mount.getMountPath());
        assertEquals(Boolean.TRUE, mount.getReadOnly(), "reading results never changes them");
        assertEquals(Boolean.TRUE, pod.getSpec().getContainers().get(0).getSecurityContext().getReadOnlyRootFilesystem());
    }

    /**
     * Issue 15: the Jobs wait, bounded, for the gateway to answer before they start. Runs each Job's own command with
     * sh, a stub curl answering as the orchestrator (404 problem+json) or as Traefik without a route (404 text/plain),
     * and a stub sut that records that it started.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"load", "run"})
    void jobsStartOnlyOnceTheGatewayAnswersAndGiveUpAfterTheirBound(String step) throws Exception {
        Job job = Client.step("aks", step).get(Job.class, "refsut-" + step);
        Container container = job.getSpec().getTemplate().getSpec().getContainers().get(0);
        assertEquals(List.of("sh", "-c"), container.getCommand().subList(0, 2), step + " runs a shell command");
        String script = container.getCommand().get(2);
        Map<String, String> env = env(container);
        int bound = Integer.parseInt(env.get("SUT_GATEWAY_WAIT"));
        assertTrue(bound > 0 && bound <= 3600, step + " waits a bounded time: " + bound + " s");
        assertTrue(script.contains("exec sut " + step), step + " then runs sut " + step);

        Path bin = Files.createTempDirectory("stub-bin");
        try {
            Path started = bin.resolve("started");
            Files.writeString(bin.resolve("curl"), "#!/bin/sh\nprintf '%s' \"$STUB_ANSWER\"\n");
            Files.writeString(bin.resolve("sut"), "#!/bin/sh\necho \"$@\" > " + started + "\n");
            Files.writeString(bin.resolve("sleep"), "#!/bin/sh\nexit 0\n");
            for (String tool : List.of("curl", "sut", "sleep")) {
                bin.resolve(tool).toFile().setExecutable(true);
            }
            Map<String, String> environment = Map.of("SUT_TARGET", "https://gateway.example", "SUT_TLS_TRUST", "all",
                    "SUT_TOTAL_RATE", "50", "SUT_INJECTORS", "2", "PATH", bin + ":" + System.getenv("PATH"));

            Result ready = sh(script, environment, Map.of("STUB_ANSWER", "404 application/problem+json;charset=UTF-8",
                    "SUT_GATEWAY_WAIT", "30"));
            assertEquals(0, ready.exit(), step + " starts once the orchestrator answers: " + ready.output());
            assertTrue(Files.readString(started).startsWith(step), step + " ran sut " + step);
            Files.delete(started);

            Result routeMissing = sh(script, environment, Map.of("STUB_ANSWER", "404 text/plain; charset=utf-8",
                    "SUT_GATEWAY_WAIT", "0"));
            assertEquals(1, routeMissing.exit(), step + " gives up when only Traefik answers: " + routeMissing.output());
            assertTrue(routeMissing.output().contains("did not answer within 0 s"), routeMissing.output());
            assertFalse(Files.exists(started), step + " never started sut against a system that is not up");
        } finally {
            try (var files = Files.list(bin)) {
                for (Path file : files.toList()) {
                    Files.delete(file);
                }
            }
            Files.delete(bin);
        }
    }

    private record Result(int exit, String output) {
    }

    private static Result sh(String script, Map<String, String> base, Map<String, String> extra) throws Exception {
        ProcessBuilder builder = new ProcessBuilder("sh", "-c", script).redirectErrorStream(true);
        builder.environment().clear();
        builder.environment().putAll(base);
        builder.environment().putAll(extra);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes());
        assertTrue(process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS), "the script finishes");
        return new Result(process.exitValue(), output);
    }

    private static Container assertRestrictedJob(Job job) {
        assertEquals(0, job.getSpec().getBackoffLimit(), "a failed run is not silently retried");
        PodSpec spec = job.getSpec().getTemplate().getSpec();
        assertEquals("Never", spec.getRestartPolicy());
        assertEquals(Boolean.FALSE, spec.getAutomountServiceAccountToken());
        assertEquals(Boolean.TRUE, spec.getSecurityContext().getRunAsNonRoot());
        assertEquals("RuntimeDefault", spec.getSecurityContext().getSeccompProfile().getType());
        Container container = spec.getContainers().get(0);
        assertEquals(Boolean.FALSE, container.getSecurityContext().getAllowPrivilegeEscalation());
        assertEquals(Boolean.TRUE, container.getSecurityContext().getReadOnlyRootFilesystem());
        assertEquals(List.of("ALL"), container.getSecurityContext().getCapabilities().getDrop());
        assertTrue(container.getVolumeMounts().stream().anyMatch(v -> v.getMountPath().equals("/results")));
        assertTrue(container.getVolumeMounts().stream().anyMatch(v -> v.getMountPath().equals("/tmp")));
        assertNotNull(container.getResources().getLimits().get("cpu"));
        assertNotNull(container.getResources().getLimits().get("memory"));
        String image = container.getImage();
        assertTrue(image.matches(".+:[\\w.-]+") && !image.endsWith(":latest"), "image pinned by tag: " + image);
        assertFalse(spec.getVolumes().isEmpty());
        return container;
    }

    private static Map<String, String> env(Container container) {
        return container.getEnv().stream().collect(Collectors.toMap(EnvVar::getName,
                e -> e.getValue() != null ? e.getValue() : "<from " + e.getValueFrom() + ">"));
    }
}
