package io.refsut.k8s;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** Rendered manifests parsed strictly into the fabric8 model: an unknown field anywhere fails the test. */
final class Manifests {

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private static final Map<String, Class<? extends HasMetadata>> TYPED = Map.ofEntries(
            Map.entry("v1/Namespace", Namespace.class),
            Map.entry("v1/ConfigMap", ConfigMap.class),
            Map.entry("v1/Secret", Secret.class),
            Map.entry("v1/Pod", Pod.class),
            Map.entry("v1/Service", Service.class),
            Map.entry("v1/ServiceAccount", ServiceAccount.class),
            Map.entry("v1/PersistentVolumeClaim", PersistentVolumeClaim.class),
            Map.entry("apps/v1/Deployment", Deployment.class),
            Map.entry("apps/v1/StatefulSet", StatefulSet.class),
            Map.entry("batch/v1/Job", Job.class),
            Map.entry("networking.k8s.io/v1/NetworkPolicy", NetworkPolicy.class),
            Map.entry("policy/v1/PodDisruptionBudget", PodDisruptionBudget.class));

    /** Custom resources of the Traefik and Prometheus Operator CRDs, and kinds whose fabric8 model module is not a dependency. */
    private static final Set<String> CUSTOM = Set.of(
            "traefik.io/v1alpha1/IngressRoute",
            "traefik.io/v1alpha1/Middleware",
            "traefik.io/v1alpha1/TLSOption",
            "traefik.io/v1alpha1/TLSStore",
            "monitoring.googleapis.com/v1/PodMonitoring",
            "traefik.io/v1alpha1/ServersTransport",
            "monitoring.coreos.com/v1/ServiceMonitor",
            "storage.k8s.io/v1/StorageClass");

    private final List<HasMetadata> resources;

    private Manifests(List<HasMetadata> resources) {
        this.resources = resources;
    }

    /** Parses a multi-document YAML stream as rendered by kustomize. */
    static Manifests parse(String yaml) {
        Yaml loader = new Yaml(new SafeConstructor(new LoaderOptions()));
        List<HasMetadata> resources = new ArrayList<>();
        for (Object document : loader.loadAll(yaml)) {
            if (document == null) {
                continue;
            }
            if (!(document instanceof Map<?, ?> map)) {
                return fail("a rendered document is not a mapping: " + document);
            }
            String key = map.get("apiVersion") + "/" + map.get("kind");
            Class<? extends HasMetadata> type = TYPED.get(key);
            HasMetadata resource;
            if (type != null) {
                resource = MAPPER.convertValue(map, type);
                assertNoUnknownFields(resource, key + " " + nameOf(map));
            } else if (CUSTOM.contains(key)) {
                resource = MAPPER.convertValue(map, GenericKubernetesResource.class);
            } else {
                return fail("unexpected kind " + key + " (" + nameOf(map) + "): add it to Manifests if it is meant to be there");
            }
            resources.add(resource);
        }
        assertTrue(!resources.isEmpty(), "the rendering is empty");
        return new Manifests(resources);
    }

    /** Renders and parses the kustomization in {@code dir}. */
    static Manifests render(java.nio.file.Path dir) {
        return parse(Kustomize.render(dir));
    }

    List<HasMetadata> all() {
        return resources;
    }

    <T extends HasMetadata> List<T> of(Class<T> type) {
        return resources.stream().filter(type::isInstance).map(type::cast).toList();
    }

    <T extends HasMetadata> Optional<T> find(Class<T> type, String name) {
        return of(type).stream().filter(r -> r.getMetadata().getName().equals(name)).findFirst();
    }

    <T extends HasMetadata> T get(Class<T> type, String name) {
        return find(type, name).orElseGet(() -> fail("no " + type.getSimpleName() + " named " + name));
    }

    /** Custom resources of one kind. */
    List<GenericKubernetesResource> custom(String kind) {
        return of(GenericKubernetesResource.class).stream().filter(r -> r.getKind().equals(kind)).toList();
    }

    private static String nameOf(Map<?, ?> document) {
        return document.get("metadata") instanceof Map<?, ?> metadata ? String.valueOf(metadata.get("name")) : "?";
    }

    /** fabric8 classes keep unknown JSON properties in a map instead of failing; walk the graph and fail on any. */
    private static void assertNoUnknownFields(Object root, String where) {
        List<String> unknown = new ArrayList<>();
        walk(root, "", unknown, new IdentityHashMap<>());
        assertTrue(unknown.isEmpty(), where + " has fields the Kubernetes API does not know: " + unknown);
    }

    private static void walk(Object node, String path, List<String> unknown, Map<Object, Boolean> seen) {
        if (node == null || seen.put(node, Boolean.TRUE) != null) {
            return;
        }
        if (node instanceof Collection<?> items) {
            int i = 0;
            for (Object item : items) {
                walk(item, path + "[" + i++ + "]", unknown, seen);
            }
            return;
        }
        if (node instanceof Map<?, ?> map) {
            map.forEach((k, v) -> walk(v, path + "." + k, unknown, seen));
            return;
        }
        if (!node.getClass().getName().startsWith("io.fabric8.")) {
            return;
        }
        for (Method getter : node.getClass().getMethods()) {
            if (getter.getParameterCount() != 0 || Modifier.isStatic(getter.getModifiers())
                    || !getter.getName().startsWith("get") || getter.getName().equals("getClass")) {
                continue;
            }
            Object value;
            try {
                value = getter.invoke(node);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot read " + getter, e);
            }
            if (getter.getName().equals("getAdditionalProperties")) {
                if (value instanceof Map<?, ?> extra && !extra.isEmpty()) {
                    extra.keySet().forEach(k -> unknown.add(path + "." + k));
                }
            } else if (value != null && (value instanceof Collection<?> || value instanceof Map<?, ?>
                    || value.getClass().getName().startsWith("io.fabric8."))) {
                String property = Character.toLowerCase(getter.getName().charAt(3)) + getter.getName().substring(4);
                walk(value, path + "." + property, unknown, seen);
            }
        }
    }
}
