package io.refsut.k8s;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Issue 15, item 5: a settings change rolls the pods that read it, and every Deployment shuts down gracefully. */
class RolloutTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.refsut.k8s.Variant#all")
    void everyConfigMapIsGeneratedWithAContentHash(Variant variant) {
        Manifests m = variant.manifests();
        Set<String> configMaps = m.of(ConfigMap.class).stream().map(c -> c.getMetadata().getName()).collect(Collectors.toSet());
        assertFalse(configMaps.isEmpty());
        for (String name : configMaps) {
            assertTrue(name.matches("refsut-[a-z-]+-[a-z0-9]{10}"),
                    "ConfigMap " + name + " carries no content hash: a change would not roll the pods that read it");
        }
    }

    @Test
    void changingAMongoDbOptionChangesTheDataServicesPodTemplates() throws IOException {
        Manifests before = Manifests.render(Repo.k8s().resolve("overlays/aks"));
        Path scratch = Repo.scratch("aks-write-concern-1");
        Files.createDirectories(scratch);
        Files.writeString(scratch.resolve("kustomization.yaml"), """
                apiVersion: kustomize.config.k8s.io/v1beta1
                kind: Kustomization
                resources:
                  - ../../../overlays/aks
                configMapGenerator:
                  - name: refsut-mongodb-options
                    namespace: refsut
                    behavior: merge
                    literals:
                      - QUARKUS_MONGODB_WRITE_CONCERN_W=1
                """);
        Manifests after = Manifests.render(scratch);
        for (SutService service : SutService.values()) {
            var templateBefore = before.get(Deployment.class, service.name).getSpec().getTemplate();
            var templateAfter = after.get(Deployment.class, service.name).getSpec().getTemplate();
            if (service.isDataService()) {
                assertNotEquals(templateBefore, templateAfter, service.name + " pod template changes, so its pods roll out");
                Container container = templateAfter.getSpec().getContainers().get(0);
                String map = container.getEnvFrom().get(0).getConfigMapRef().getName();
                assertEquals("1", after.get(ConfigMap.class, map).getData().get("QUARKUS_MONGODB_WRITE_CONCERN_W"),
                        service.name + " reads the changed setting");
            } else {
                assertEquals(templateBefore, templateAfter, service.name + " reads no MongoDB option and keeps running");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.refsut.k8s.Variant#all")
    void everyDeploymentShutsDownGracefullyWithinItsGracePeriod(Variant variant) {
        Manifests m = variant.manifests();
        for (Deployment deployment : m.of(Deployment.class)) {
            String name = deployment.getMetadata().getName();
            PodSpec spec = deployment.getSpec().getTemplate().getSpec();
            assertEquals(1, spec.getContainers().size(), name);
            Container container = spec.getContainers().get(0);
            assertNotNull(container.getLifecycle(), name + " has no preStop: Traefik still sends requests to a pod that stops");
            var preStop = container.getLifecycle().getPreStop();
            assertNotNull(preStop, name + " preStop");
            assertNotNull(preStop.getSleep(), name + " preStop sleeps (no shell needed in the image)");
            long preStopSeconds = preStop.getSleep().getSeconds();
            assertTrue(preStopSeconds >= 5, name + " preStop leaves the endpoints controller and Traefik time: " + preStopSeconds + " s");
            String timeout = container.getEnv().stream().filter(e -> e.getName().equals("QUARKUS_SHUTDOWN_TIMEOUT"))
                    .map(EnvVar::getValue).findFirst().orElse(null);
            assertNotNull(timeout, name + " sets QUARKUS_SHUTDOWN_TIMEOUT: without it Quarkus drops in-flight requests on SIGTERM");
            long shutdownSeconds = seconds(timeout);
            assertTrue(shutdownSeconds > 0, name + " shutdown timeout");
            long grace = spec.getTerminationGracePeriodSeconds();
            assertTrue(grace >= preStopSeconds + shutdownSeconds + 5, name + " grace period " + grace
                    + " s covers preStop " + preStopSeconds + " s + shutdown " + shutdownSeconds + " s with a margin before SIGKILL");
            assertNotNull(container.getReadinessProbe(), name + " readiness");
        }
    }

    private static long seconds(String quarkusDuration) {
        String value = quarkusDuration.trim();
        if (value.matches("\\d+")) {
            return Long.parseLong(value);
        }
        if (value.matches("\\d+[smh]")) {
            return Duration.parse("PT" + value.toUpperCase()).toSeconds();
        }
        return Duration.parse(value).toSeconds();
    }

}
