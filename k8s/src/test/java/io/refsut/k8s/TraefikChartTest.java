package io.refsut.k8s;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * Issue 15, item 4: the Traefik values are valid for the chart version the README pins.
 *
 * <p>Encodes the values layout of chart <b>41.5.0</b> (Traefik Proxy v3.7.13, released 2026-09-07), which validates
 * values against a JSON schema that rejects unknown keys (since 39.0.0). The layout changes it encodes: 39.0.0 moved
 * entry point HTTP options under {@code ports.<name>.http} ({@code redirections}, {@code tls}, {@code middlewares});
 * 40.0.0 moved the Service fields under {@code service.spec} ({@code type}, {@code loadBalancerSourceRanges},
 * {@code externalTrafficPolicy}, {@code externalIPs}); 41.0.0 renamed {@code logs.general} to {@code log} and
 * {@code logs.access} to {@code accessLog}. Moving to another chart version means checking its values.yaml and
 * updating {@link #CHART_VERSION}, {@link #VALID} and {@link #REMOVED}.
 */
class TraefikChartTest {

    static final String CHART_VERSION = "41.5.0";

    /** Key paths of chart 41.5.0 these values may use; a path ending in ".*" takes any content below it (maps, lists). */
    private static final Set<String> VALID = Set.of(
            "deployment.replicas",
            "podDisruptionBudget.enabled", "podDisruptionBudget.minAvailable",
            "resources.*", "topologySpreadConstraints.*", "nodeSelector.*", "tolerations.*",
            "providers.kubernetesCRD.enabled", "providers.kubernetesCRD.namespaces.*",
            "providers.kubernetesIngress.enabled",
            "ingressRoute.dashboard.enabled",
            "accessLog.enabled", "log.level",
            "ports.*.expose.default", "ports.*.port", "ports.*.exposedPort",
            "ports.*.http.redirections.entryPoint.to", "ports.*.http.redirections.entryPoint.scheme",
            "ports.*.http.redirections.entryPoint.permanent",
            "ports.*.http.tls.enabled", "ports.*.http.tls.options", "ports.*.http.middlewares.*",
            "ports.*.http3.enabled",
            "ports.*.transport.respondingTimeouts.readTimeout", "ports.*.transport.respondingTimeouts.writeTimeout",
            "ports.*.transport.respondingTimeouts.idleTimeout",
            "ports.*.transport.keepAliveMaxRequests", "ports.*.transport.keepAliveMaxTime",
            "ports.*.transport.lifeCycle.requestAcceptGraceTimeout", "ports.*.transport.lifeCycle.graceTimeOut",
            "metrics.prometheus.entryPoint",
            "service.annotations.*",
            "service.spec.type", "service.spec.externalTrafficPolicy", "service.spec.loadBalancerSourceRanges.*");

    /** Older layouts the 41.5.0 schema rejects, with where the setting lives now. */
    private static final Map<String, String> REMOVED = Map.ofEntries(
            Map.entry("logs", "log / accessLog (41.0.0)"),
            Map.entry("ports.*.redirections", "ports.<name>.http.redirections (39.0.0)"),
            Map.entry("ports.*.tls", "ports.<name>.http.tls (39.0.0)"),
            Map.entry("ports.*.middlewares", "ports.<name>.http.middlewares (39.0.0)"),
            Map.entry("ports.*.redirectTo", "ports.<name>.http.redirections (34.0.0, then 39.0.0)"),
            Map.entry("service.type", "service.spec.type (40.0.0)"),
            Map.entry("service.loadBalancerSourceRanges", "service.spec.loadBalancerSourceRanges (40.0.0)"),
            Map.entry("service.externalTrafficPolicy", "service.spec.externalTrafficPolicy (40.0.0)"),
            Map.entry("service.externalIPs", "service.spec.externalIPs (40.0.0)"),
            Map.entry("providers.kubernetesIngressNginx", "providers.kubernetesIngressNGINX (40.0.0)"));

    @Test
    void everyValuesFileUsesOnlyTheLayoutOfThePinnedChart() throws IOException {
        for (String file : List.of("values-common.yaml", "values-aks.yaml", "values-gke.yaml", "values-eks.yaml")) {
            Set<String> paths = new TreeSet<>();
            collect(load(file), "", paths);
            assertFalse(paths.isEmpty(), file);
            for (String path : paths) {
                for (Map.Entry<String, String> removed : REMOVED.entrySet()) {
                    if (matches(removed.getKey(), path) || path.startsWith(removed.getKey() + ".")
                            || matchesPrefix(removed.getKey(), path)) {
                        fail(file + ": " + path + " is a layout chart " + CHART_VERSION + " rejects; now " + removed.getValue());
                    }
                }
                assertTrue(VALID.stream().anyMatch(valid -> valid.endsWith(".*")
                                ? matchesPrefix(valid.substring(0, valid.length() - 2), path) : matches(valid, path)),
                        file + ": " + path + " is not a value of chart " + CHART_VERSION + " (see this test's VALID)");
            }
        }
    }

    @Test
    void readmePinsTheChartVersionTheValuesAreWrittenFor() throws IOException {
        String readme = Files.readString(Repo.k8s().resolve("README.md"));
        Matcher install = Pattern.compile("helm upgrade --install traefik traefik/traefik --version (\\S+)").matcher(readme);
        assertTrue(install.find(), "k8s/README.md installs the Traefik chart with a pinned version");
        assertEquals(CHART_VERSION, install.group(1), "k8s/README.md pins the chart the values are written for");
        assertFalse(install.find(), "one Traefik install command");
        String common = Files.readString(Repo.k8s().resolve("traefik/values-common.yaml"));
        assertTrue(common.contains("chart version " + CHART_VERSION), "values-common.yaml states the chart version");
    }

    @Test
    void sourceRangesAreSetInOnePlace() throws IOException {
        Map<String, Object> spec = Gateway.map(Gateway.map(load("values-common.yaml").get("service")).get("spec"));
        Object ranges = spec.get("loadBalancerSourceRanges");
        assertTrue(ranges instanceof List<?> list && !list.isEmpty(), "values-common.yaml states who may reach the gateway");
        for (String cloud : List.of("aks", "gke", "eks")) {
            Set<String> paths = new TreeSet<>();
            collect(load("values-" + cloud + ".yaml"), "", paths);
            assertTrue(paths.stream().noneMatch(p -> p.contains("loadBalancerSourceRanges") || p.contains("source-ranges")
                    || p.contains("allowed-ip")), "values-" + cloud + ".yaml sets no second source-range list: " + paths);
        }
    }

    private static boolean matches(String pattern, String path) {
        String[] want = pattern.split("\\.");
        String[] have = path.split("\\.");
        if (want.length != have.length) {
            return false;
        }
        for (int i = 0; i < want.length; i++) {
            if (!want[i].equals("*") && !want[i].equals(have[i])) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code path} is {@code prefix} or below it. */
    private static boolean matchesPrefix(String prefix, String path) {
        String[] want = prefix.split("\\.");
        String[] have = path.split("\\.");
        if (have.length < want.length) {
            return false;
        }
        for (int i = 0; i < want.length; i++) {
            if (!want[i].equals("*") && !want[i].equals(have[i])) {
                return false;
            }
        }
        return true;
    }

    /** Leaf key paths; list items and annotation/selector keys (which contain dots) are not split further. */
    private static void collect(Object node, String path, Set<String> paths) {
        if (node instanceof Map<?, ?> map && !map.isEmpty()) {
            map.forEach((k, v) -> {
                String key = String.valueOf(k);
                if (key.contains(".") || key.contains("/")) {
                    paths.add(path + "." + "<key>");
                } else {
                    collect(v, path.isEmpty() ? key : path + "." + key, paths);
                }
            });
        } else if (node instanceof List<?> list && !list.isEmpty()) {
            paths.add(path + ".<item>");
        } else {
            paths.add(path);
        }
    }

    private static Map<String, Object> load(String file) throws IOException {
        Path path = Repo.k8s().resolve("traefik").resolve(file);
        return Gateway.map(new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(path)));
    }
}
