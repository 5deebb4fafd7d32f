package io.refsut.k8s;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPeer;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPort;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/** What the NetworkPolicies of a rendering allow, described per pod as readable "peer port" strings. */
final class NetworkPolicies {

    private final List<NetworkPolicy> policies;
    private final List<Workloads.Pod> pods;

    NetworkPolicies(Manifests manifests) {
        this.policies = manifests.of(NetworkPolicy.class);
        this.pods = Workloads.pods(manifests);
    }

    void assertDefaultDeny() {
        assertTrue(policies.stream().anyMatch(p -> isEmpty(p.getSpec().getPodSelector())
                        && Set.copyOf(p.getSpec().getPolicyTypes()).equals(Set.of("Ingress", "Egress"))
                        && empty(p.getSpec().getIngress()) && empty(p.getSpec().getEgress())),
                "a default-deny policy selects every pod for ingress and egress");
    }

    void assertSelectorsSelectExistingPodsAndPorts() {
        for (NetworkPolicy policy : policies) {
            String name = policy.getMetadata().getName();
            String namespace = policy.getMetadata().getNamespace();
            List<Workloads.Pod> targets = Workloads.selected(pods, namespace, policy.getSpec().getPodSelector());
            assertFalse(targets.isEmpty(), "NetworkPolicy " + name + " selects no pod");
            assertFalse(empty(policy.getSpec().getPolicyTypes()), "NetworkPolicy " + name + " states its policyTypes");
            for (var rule : list(policy.getSpec().getIngress())) {
                for (NetworkPolicyPeer peer : list(rule.getFrom())) {
                    assertPeerExists(name, namespace, peer);
                }
                for (NetworkPolicyPort port : list(rule.getPorts())) {
                    assertTrue(targets.stream().anyMatch(t -> t.resolve(port.getPort()).isPresent()),
                            "NetworkPolicy " + name + " opens ingress port " + port.getPort() + " that none of its pods serves");
                }
            }
            for (var rule : list(policy.getSpec().getEgress())) {
                for (NetworkPolicyPeer peer : list(rule.getTo())) {
                    assertPeerExists(name, namespace, peer);
                    if (peer.getPodSelector() != null && peer.getNamespaceSelector() == null) {
                        List<Workloads.Pod> peers = Workloads.selected(pods, namespace, peer.getPodSelector());
                        for (NetworkPolicyPort port : list(rule.getPorts())) {
                            assertTrue(peers.stream().anyMatch(p -> p.resolve(port.getPort()).isPresent()),
                                    "NetworkPolicy " + name + " opens egress port " + port.getPort() + " that no peer serves");
                        }
                    }
                }
            }
        }
    }

    /** Sources allowed to reach {@code pod}. */
    Set<String> ingress(Workloads.Pod pod) {
        Set<String> allowed = new TreeSet<>();
        for (NetworkPolicy policy : selecting(pod, "Ingress")) {
            for (var rule : list(policy.getSpec().getIngress())) {
                for (String peer : peers(policy.getMetadata().getNamespace(), rule.getFrom())) {
                    for (NetworkPolicyPort port : portsOrAny(rule.getPorts())) {
                        allowed.add(peer + " port " + describe(port, pod));
                    }
                }
            }
        }
        return allowed;
    }

    /** Destinations {@code pod} may reach. */
    Set<String> egress(Workloads.Pod pod) {
        Set<String> allowed = new TreeSet<>();
        for (NetworkPolicy policy : selecting(pod, "Egress")) {
            String namespace = policy.getMetadata().getNamespace();
            for (var rule : list(policy.getSpec().getEgress())) {
                for (NetworkPolicyPeer peer : rule.getTo() == null || rule.getTo().isEmpty() ? List.<NetworkPolicyPeer>of(null) : rule.getTo()) {
                    for (NetworkPolicyPort port : portsOrAny(rule.getPorts())) {
                        if (peer != null && peer.getPodSelector() != null && peer.getNamespaceSelector() == null) {
                            for (Workloads.Pod target : Workloads.selected(pods, namespace, peer.getPodSelector())) {
                                allowed.add("pod " + target.owner() + " port " + describe(port, target));
                            }
                        } else {
                            allowed.add(describe(peer) + " port " + describe(port, null));
                        }
                    }
                }
            }
        }
        return allowed;
    }

    private List<NetworkPolicy> selecting(Workloads.Pod pod, String type) {
        return policies.stream()
                .filter(p -> p.getMetadata().getNamespace().equals(pod.namespace()))
                .filter(p -> p.getSpec().getPolicyTypes().contains(type))
                .filter(p -> Workloads.matches(p.getSpec().getPodSelector(), pod.labels()))
                .toList();
    }

    private List<String> peers(String namespace, List<NetworkPolicyPeer> from) {
        if (from == null || from.isEmpty()) {
            return List.of("anywhere");
        }
        return from.stream().flatMap(peer -> {
            if (peer.getPodSelector() != null && peer.getNamespaceSelector() == null) {
                return Workloads.selected(pods, namespace, peer.getPodSelector()).stream().map(p -> "pod " + p.owner());
            }
            return java.util.stream.Stream.of(describe(peer));
        }).toList();
    }

    private static String describe(NetworkPolicyPeer peer) {
        if (peer == null) {
            return "anywhere";
        }
        if (peer.getIpBlock() != null) {
            return "ipBlock " + peer.getIpBlock().getCidr()
                    + (empty(peer.getIpBlock().getExcept()) ? "" : " except " + peer.getIpBlock().getExcept());
        }
        StringBuilder text = new StringBuilder();
        if (peer.getNamespaceSelector() != null) {
            Map<String, String> labels = peer.getNamespaceSelector().getMatchLabels();
            String name = labels == null ? null : labels.get("kubernetes.io/metadata.name");
            text.append("namespace ").append(name == null ? "selected by " + peer.getNamespaceSelector() : name);
        }
        if (peer.getPodSelector() != null) {
            text.append(" pods ").append(describe(peer.getPodSelector()));
        }
        return text.toString();
    }

    private static String describe(LabelSelector selector) {
        if (isEmpty(selector)) {
            return "{all}";
        }
        String labels = selector.getMatchLabels() == null ? "" : selector.getMatchLabels().entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue()).sorted().collect(Collectors.joining(","));
        return "{" + labels + (empty(selector.getMatchExpressions()) ? "" : " " + selector.getMatchExpressions()) + "}";
    }

    private static String describe(NetworkPolicyPort port, Workloads.Pod target) {
        if (port == null || port.getPort() == null) {
            return "any";
        }
        String number = port.getPort().getIntVal() != null ? String.valueOf(port.getPort().getIntVal())
                : target != null && target.resolve(port.getPort()).isPresent()
                ? String.valueOf(target.resolve(port.getPort()).getAsInt())
                : port.getPort().getStrVal();
        return port.getEndPort() == null ? number : number + "-" + port.getEndPort();
    }

    private void assertPeerExists(String policy, String namespace, NetworkPolicyPeer peer) {
        if (peer.getPodSelector() != null && peer.getNamespaceSelector() == null) {
            assertFalse(Workloads.selected(pods, namespace, peer.getPodSelector()).isEmpty(),
                    "NetworkPolicy " + policy + " names peers " + describe(peer.getPodSelector()) + " that do not exist");
        }
        if (peer.getNamespaceSelector() != null) {
            Map<String, String> labels = peer.getNamespaceSelector().getMatchLabels();
            assertTrue(labels != null && labels.containsKey("kubernetes.io/metadata.name"),
                    "NetworkPolicy " + policy + " selects namespaces by their immutable name label");
        }
    }

    private static List<NetworkPolicyPort> portsOrAny(List<NetworkPolicyPort> ports) {
        return ports == null || ports.isEmpty() ? java.util.Collections.singletonList(null) : ports;
    }

    private static boolean isEmpty(LabelSelector selector) {
        return selector == null || (empty(selector.getMatchLabels() == null ? null : List.copyOf(selector.getMatchLabels().keySet()))
                && empty(selector.getMatchExpressions()));
    }

    private static boolean empty(List<?> items) {
        return items == null || items.isEmpty();
    }

    private static <T> List<T> list(List<T> items) {
        return items == null ? List.of() : items;
    }
}
