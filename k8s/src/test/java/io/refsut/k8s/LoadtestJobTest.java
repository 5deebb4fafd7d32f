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
import org.junit.jupiter.api.Test;

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
        assertEquals(List.of("load"), load.getArgs(), "sut load: the load phase only");
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
