package io.refsut.k8s;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/** Pod templates of a rendering, label selector matching and port resolution, as the API server and CNI apply them. */
final class Workloads {

    /** A named pod template and the namespace it runs in. */
    record Pod(String owner, String namespace, PodTemplateSpec template) {

        Map<String, String> labels() {
            Map<String, String> labels = template.getMetadata().getLabels();
            return labels == null ? Map.of() : labels;
        }

        List<Container> containers() {
            return template.getSpec().getContainers();
        }

        /** Init containers, then containers. */
        List<Container> allContainers() {
            List<Container> all = new ArrayList<>();
            if (template.getSpec().getInitContainers() != null) {
                all.addAll(template.getSpec().getInitContainers());
            }
            all.addAll(containers());
            return all;
        }

        /** Resolves a numeric or named port against this pod's container ports. */
        OptionalInt resolve(IntOrString port) {
            if (port == null) {
                return OptionalInt.empty();
            }
            if (port.getIntVal() != null) {
                return containerPorts().stream().anyMatch(p -> p.getContainerPort().equals(port.getIntVal()))
                        ? OptionalInt.of(port.getIntVal())
                        : OptionalInt.empty();
            }
            return containerPorts().stream()
                    .filter(p -> port.getStrVal().equals(p.getName()))
                    .mapToInt(ContainerPort::getContainerPort)
                    .findFirst();
        }

        List<ContainerPort> containerPorts() {
            List<ContainerPort> ports = new ArrayList<>();
            for (Container container : containers()) {
                if (container.getPorts() != null) {
                    ports.addAll(container.getPorts());
                }
            }
            return ports;
        }

        Optional<ContainerPort> portNamed(String name) {
            return containerPorts().stream().filter(p -> name.equals(p.getName())).findFirst();
        }
    }

    private Workloads() {
    }

    /** Every pod template: Deployments, StatefulSets, Jobs and bare Pods. */
    static List<Pod> pods(Manifests manifests) {
        List<Pod> pods = new ArrayList<>();
        for (Deployment d : manifests.of(Deployment.class)) {
            pods.add(new Pod(d.getMetadata().getName(), d.getMetadata().getNamespace(), d.getSpec().getTemplate()));
        }
        for (StatefulSet s : manifests.of(StatefulSet.class)) {
            pods.add(new Pod(s.getMetadata().getName(), s.getMetadata().getNamespace(), s.getSpec().getTemplate()));
        }
        for (Job j : manifests.of(Job.class)) {
            pods.add(new Pod(j.getMetadata().getName(), j.getMetadata().getNamespace(), j.getSpec().getTemplate()));
        }
        for (io.fabric8.kubernetes.api.model.Pod p : manifests.of(io.fabric8.kubernetes.api.model.Pod.class)) {
            pods.add(new Pod(p.getMetadata().getName(), p.getMetadata().getNamespace(),
                    new PodTemplateSpec(p.getMetadata(), p.getSpec())));
        }
        return pods;
    }

    /** Whether a label selector selects the given labels (an empty selector selects everything). */
    static boolean matches(LabelSelector selector, Map<String, String> labels) {
        if (selector == null) {
            return true;
        }
        if (selector.getMatchLabels() != null) {
            for (Map.Entry<String, String> e : selector.getMatchLabels().entrySet()) {
                if (!e.getValue().equals(labels.get(e.getKey()))) {
                    return false;
                }
            }
        }
        if (selector.getMatchExpressions() != null) {
            for (LabelSelectorRequirement r : selector.getMatchExpressions()) {
                String value = labels.get(r.getKey());
                boolean ok = switch (r.getOperator()) {
                    case "In" -> value != null && r.getValues().contains(value);
                    case "NotIn" -> value == null || !r.getValues().contains(value);
                    case "Exists" -> value != null;
                    case "DoesNotExist" -> value == null;
                    default -> throw new IllegalArgumentException("unknown selector operator " + r.getOperator());
                };
                if (!ok) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Pods in {@code namespace} that {@code selector} selects. */
    static List<Pod> selected(List<Pod> pods, String namespace, LabelSelector selector) {
        return pods.stream().filter(p -> namespace.equals(p.namespace()) && matches(selector, p.labels())).toList();
    }
}
