package io.refsut.k8s;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/** The Traefik Helm values: a LoadBalancer per cloud, TLS and keep-alive stated, nothing but HTTPS exposed, no rate limit. */
class TraefikValuesTest {

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.refsut.k8s.Cloud#all")
    void valuesGiveEachCloudItsLoadBalancerAndKeepTheMeasuredPathStated(Cloud cloud) throws IOException {
        Map<String, Object> common = load("values-common.yaml");
        Map<String, Object> specific = load("values-" + cloud + ".yaml");

        Map<String, Object> service = Gateway.map(common.get("service"));
        assertEquals("LoadBalancer", Gateway.map(service.get("spec")).get("type"));
        Map<String, Object> annotations = Gateway.map(Gateway.map(specific.get("service")).get("annotations"));
        assertFalse(annotations.isEmpty(), cloud + " load balancer annotations");
        annotations.keySet().forEach(k -> assertTrue(k.startsWith(cloud.loadBalancerAnnotationPrefix()), cloud + " annotation " + k));
        assertEquals("server", Gateway.map(specific.get("nodeSelector")).get(cloud.nodeLabel()), cloud + " node pool");

        Map<String, Object> ports = Gateway.map(common.get("ports"));
        Map<String, Object> websecure = Gateway.map(ports.get("websecure"));
        assertEquals(Boolean.TRUE, Gateway.map(Gateway.map(websecure.get("http")).get("tls")).get("enabled"));
        assertEquals(Boolean.TRUE, Gateway.map(websecure.get("expose")).get("default"));
        Map<String, Object> transport = Gateway.map(websecure.get("transport"));
        assertTrue(transport.containsKey("keepAliveMaxRequests") && transport.containsKey("keepAliveMaxTime"),
                "client keep-alive limits stated");
        assertTrue(Gateway.map(transport.get("respondingTimeouts")).containsKey("idleTimeout"), "idle timeout stated");
        for (String internal : List.of("traefik", "metrics")) {
            assertEquals(Boolean.FALSE, Gateway.map(Gateway.map(ports.get(internal)).get("expose")).get("default"),
                    internal + " port is not behind the load balancer");
        }
        List<String> keys = new ArrayList<>();
        collectKeys(common, keys);
        collectKeys(specific, keys);
        assertTrue(keys.stream().noneMatch(k -> k.toLowerCase().contains("ratelimit")), "no rate limit configured");
    }

    private static Map<String, Object> load(String file) throws IOException {
        Path path = Repo.k8s().resolve("traefik").resolve(file);
        return Gateway.map(new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(path)));
    }

    private static void collectKeys(Object node, List<String> keys) {
        if (node instanceof Map<?, ?> map) {
            map.forEach((k, v) -> {
                keys.add(String.valueOf(k));
                collectKeys(v, keys);
            });
        } else if (node instanceof List<?> list) {
            list.forEach(item -> collectKeys(item, keys));
        }
    }
}
