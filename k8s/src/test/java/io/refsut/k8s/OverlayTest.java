package io.refsut.k8s;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HTTPGetAction;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretKeySelector;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.TopologySpreadConstraint;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Renders every overlay with kubectl kustomize and checks what issue 5 asks of the deployment. */
class OverlayTest {

    private static final String NAMESPACE = "refsut";
    private static final BigDecimal SERVER_CLUSTER_CPU = new BigDecimal("4");
    private static final BigDecimal SERVER_CLUSTER_MEMORY = new BigDecimal(32L * 1024 * 1024 * 1024);
    private static final BigDecimal NODE_CPU = new BigDecimal("2");
    private static final BigDecimal NODE_MEMORY = new BigDecimal(16L * 1024 * 1024 * 1024);

    /** Settings every data service must receive, from docs/CONTRACT.md. */
    private static final List<String> MONGODB_VARIABLES = List.of(
            "QUARKUS_MONGODB_CONNECTION_STRING",
            "QUARKUS_MONGODB_DATABASE",
            "QUARKUS_MONGODB_WRITE_CONCERN_W",
            "QUARKUS_MONGODB_WRITE_CONCERN_JOURNAL",
            "QUARKUS_MONGODB_WRITE_CONCERN_RETRY_WRITES",
            "QUARKUS_MONGODB_READ_PREFERENCE",
            "QUARKUS_MONGODB_MAX_POOL_SIZE",
            "QUARKUS_MONGODB_MIN_POOL_SIZE",
            "QUARKUS_MONGODB_SERVER_SELECTION_TIMEOUT",
            "QUARKUS_MONGODB_CONNECT_TIMEOUT",
            "QUARKUS_MONGODB_READ_TIMEOUT");

    /** Where each cloud's managed Prometheus scrapes from (k8s/README.md, section 6). */
    private static final Map<String, List<String>> MANAGED_PROMETHEUS = Map.of(
            "aks", List.of("namespace kube-system pods {rsName=ama-metrics}", "namespace kube-system pods {dsName=ama-metrics-node}"),
            "gke", List.of("namespace gmp-system"),
            "eks", List.of("ipBlock 192.168.0.0/16"));

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.refsut.k8s.Variant#all")
    void namespaceEnforcesRestrictedPodSecurity(Variant variant) {
        Manifests m = variant.manifests();
        Map<String, String> labels = m.get(Namespace.class, NAMESPACE).getMetadata().getLabels();
        assertEquals("restricted", labels.get("pod-security.kubernetes.io/enforce"));
        for (HasMetadata resource : m.all()) {
            if (!(resource instanceof Namespace) && !resource.getKind().equals("StorageClass")) {
                assertEquals(NAMESPACE, resource.getMetadata().getNamespace(),
                        resource.getKind() + " " + resource.getMetadata().getName() + " is outside the refsut namespace");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.refsut.k8s.Variant#all")
    void deploysEveryServiceWithThePublishedReplicasAndABudgetWhereThereAreTwo(Variant variant) {
        Manifests m = variant.manifests();
        assertEquals(Stream.of(SutService.values()).map(s -> s.name).collect(Collectors.toSet()),
                m.of(Deployment.class).stream().map(d -> d.getMetadata().getName()).collect(Collectors.toSet()));
        long twoReplicas = Stream.of(SutService.values()).filter(s -> s.replicas == 2).count();
        assertEquals(3, twoReplicas, "published setup: three services with 2 replicas, two with 1");
        for (SutService service : SutService.values()) {
            Deployment deployment = m.get(Deployment.class, service.name);
            assertEquals(service.replicas, deployment.getSpec().getReplicas(), service.name + " replicas");
            var budget = m.find(PodDisruptionBudget.class, service.name);
            if (service.replicas > 1) {
                assertTrue(budget.isPresent(), service.name + " has 2 replicas and needs a PodDisruptionBudget");
                assertEquals(1, budget.get().getSpec().getMinAvailable().getIntVal(), service.name + " budget");
                assertTrue(Workloads.matches(budget.get().getSpec().getSelector(),
                        deployment.getSpec().getTemplate().getMetadata().getLabels()), service.name + " budget selects its pods");
            } else {
                assertTrue(budget.isEmpty(), "a budget on single-replica " + service.name + " would block every node drain");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.refsut.k8s.Variant#all")
    void probesHitTheManagementPortEachServiceConfigures(Variant variant) {
        for (SutService service : SutService.values()) {
            Workloads.Pod pod = pod(variant.manifests(), service.name);
            Container container = single(pod);
            assertEquals(service.managementPort(),
                    pod.portNamed("management").orElseGet(() -> fail(service.name + " has no management port")).getContainerPort(),
                    service.name + " management container port");
            assertProbe(pod, container.getStartupProbe(), "/q/health/live", service, "startup");
            assertProbe(pod, container.getReadinessProbe(), "/q/health/ready", service, "readiness");
            assertProbe(pod, container.getLivenessProbe(), "/q/health/live", service, "liveness");
            Map<String, String> annotations = pod.template().getMetadata().getAnnotations();
            assertEquals("true", annotations.get("prometheus.io/scrape"), service.name);
            assertEquals(String.valueOf(service.managementPort()), annotations.get("prometheus.io/port"), service.name);
            assertEquals("/q/metrics", annotations.get("prometheus.io/path"), service.name);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.refsut.k8s.Variant#all")
    void servicePortsMatchEachModulesApplicationProperties(Variant variant) {
        Manifests m = variant.manifests();
        for (SutService service : SutService.values()) {
            Service svc = m.get(Service.class, service.name);
            Workloads.Pod pod = pod(m, service.name);
            assertTrue(Workloads.matches(selector(svc), pod.labels()), service.name + " Service selects its pods");
            Map<String, Integer> expected = new LinkedHashMap<>();
            expected.put("http", service.httpPort());
            service.sslPort().ifPresent(port -> expected.put("https", port));
            expected.put("management", service.managementPort());
            Map<String, Integer> actual = new LinkedHashMap<>();
            for (ServicePort port : svc.getSpec().getPorts()) {
                actual.put(port.getName(), port.getPort());
                assertEquals(port.getPort(), pod.resolve(port.getTargetPort()).orElseGet(
                        () -> fail(service.name + " Service port " + port.getName() + " targets no container port")),
                        service.name + " Service port " + port.getName() + " forwards to the same container port");
            }
            assertEquals(expected, actual, service.name + " Service ports against " + service.module + " application.properties");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.refsut.k8s.Variant#all")
    void everyPodMeetsTheRestrictedPodSecurityStandard(Variant variant) {
        for (Workloads.Pod pod : Workloads.pods(variant.manifests())) {
            PodSpec spec = pod.template().getSpec();
            PodSecurityContext podContext = spec.getSecurityContext();
            assertNotNull(podContext, pod.owner() + " pod securityContext");
            assertEquals(Boolean.TRUE, podContext.getRunAsNonRoot(), pod.owner() + " runAsNonRoot");
            assertTrue(podContext.getRunAsUser() != null && podContext.getRunAsUser() > 0, pod.owner() + " numeric non-root user");
            assertEquals("RuntimeDefault", podContext.getSeccompProfile().getType(), pod.owner() + " seccomp");
            assertEquals(Boolean.FALSE, spec.getAutomountServiceAccountToken(), pod.owner() + " mounts no token");
            assertNull(spec.getHostNetwork(), pod.owner() + " hostNetwork");
            assertNull(spec.getHostPID(), pod.owner() + " hostPID");
            Set<String> tmpVolumes = spec.getVolumes().stream().filter(v -> v.getEmptyDir() != null)
                    .map(Volume::getName).collect(Collectors.toSet());
            for (Container container : Stream.concat(spec.getContainers().stream(),
                    spec.getInitContainers() == null ? Stream.empty() : spec.getInitContainers().stream()).toList()) {
                String where = pod.owner() + "/" + container.getName();
                SecurityContext context = container.getSecurityContext();
                assertNotNull(context, where + " securityContext");
                assertEquals(Boolean.FALSE, context.getAllowPrivilegeEscalation(), where + " allowPrivilegeEscalation");
                assertEquals(Boolean.TRUE, context.getReadOnlyRootFilesystem(), where + " readOnlyRootFilesystem");
                assertNull(context.getPrivileged(), where + " privileged");
                assertEquals(List.of("ALL"), context.getCapabilities().getDrop(), where + " drops all capabilities");
                assertTrue(context.getCapabilities().getAdd() == null || context.getCapabilities().getAdd().isEmpty(),
                        where + " adds no capability");
                VolumeMount tmp = container.getVolumeMounts().stream().filter(v -> v.getMountPath().equals("/tmp"))
                        .findFirst().orElseGet(() -> fail(where + " has no writable /tmp"));
                assertTrue(tmpVolumes.contains(tmp.getName()), where + " /tmp is an emptyDir");
                assertNull(container.getPorts() == null ? null
                        : container.getPorts().stream().filter(p -> p.getHostPort() != null).findFirst().orElse(null),
                        where + " uses no host port");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.refsut.k8s.Variant#all")
    void resourcesFitTwoServerNodesWithHeadroom(Variant variant) {
        Manifests m = variant.manifests();
        BigDecimal cpu = BigDecimal.ZERO;
        BigDecimal memory = BigDecimal.ZERO;
        Map<String, Integer> replicas = new HashMap<>();
        m.of(Deployment.class).forEach(d -> replicas.put(d.getMetadata().getName(), d.getSpec().getReplicas()));
        m.of(StatefulSet.class).forEach(s -> replicas.put(s.getMetadata().getName(), s.getSpec().getReplicas()));
        for (Workloads.Pod pod : Workloads.pods(m)) {
            for (Container container : pod.containers()) {
                String where = pod.owner() + "/" + container.getName();
                Map<String, Quantity> requests = container.getResources().getRequests();
                Map<String, Quantity> limits = container.getResources().getLimits();
                for (String resource : List.of("cpu", "memory")) {
                    assertNotNull(requests.get(resource), where + " requests " + resource);
                    assertNotNull(limits.get(resource), where + " limits " + resource);
                    assertTrue(amount(requests.get(resource)).compareTo(amount(limits.get(resource))) <= 0,
                            where + " " + resource + " request exceeds its limit");
                }
                assertTrue(amount(limits.get("cpu")).compareTo(NODE_CPU) <= 0, where + " CPU limit fits a node");
                assertTrue(amount(limits.get("memory")).compareTo(NODE_MEMORY) < 0, where + " memory limit fits a node");
                BigDecimal count = BigDecimal.valueOf(replicas.get(pod.owner()));
                cpu = cpu.add(amount(requests.get("cpu")).multiply(count));
                memory = memory.add(amount(requests.get("memory")).multiply(count));
            }
        }
        // Headroom for the system pods, Traefik and Prometheus on the same two nodes.
        assertTrue(cpu.compareTo(SERVER_CLUSTER_CPU.multiply(new BigDecimal("0.6"))) <= 0, "CPU requests " + cpu + " leave no headroom");
        assertTrue(memory.compareTo(SERVER_CLUSTER_MEMORY.multiply(new BigDecimal("0.5"))) <= 0,
                "memory requests " + memory + " leave no headroom");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.refsut.k8s.Variant#all")
    void imagesArePinnedByTagAndServicesComeFromTheCloudRegistry(Variant variant) {
        for (Workloads.Pod pod : Workloads.pods(variant.manifests())) {
            for (Container container : pod.containers()) {
                String image = container.getImage();
                String tag = tagOf(image);
                assertNotNull(tag, pod.owner() + " image " + image + " has no tag");
                assertFalse(tag.equals("latest") || tag.isBlank(), pod.owner() + " image " + image + " is not pinned");
                assertEquals("IfNotPresent", container.getImagePullPolicy(), pod.owner() + " pull policy");
            }
        }
        for (SutService service : SutService.values()) {
            String image = single(pod(variant.manifests(), service.name)).getImage();
            assertTrue(image.matches("[a-z0-9.-]+\\.[a-z]+(:\\d+)?/.+/" + service.module + "(:[\\w.-]+|@sha256:[0-9a-f]{64})"),
                    service.name + " image " + image + " is not taken from the " + variant.cloud() + " registry");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.refsut.k8s.Variant#all")
    void workloadsRunOnTheServerPoolSpreadAcrossNodesWithTheirOwnServiceAccount(Variant variant) {
        Manifests m = variant.manifests();
        for (Workloads.Pod pod : Workloads.pods(m)) {
            PodSpec spec = pod.template().getSpec();
            assertEquals(1, spec.getNodeSelector() == null ? 0 : spec.getNodeSelector().size(), pod.owner() + " node selector");
            assertEquals("server", spec.getNodeSelector().values().iterator().next(), pod.owner() + " node pool");
            ServiceAccount account = m.get(ServiceAccount.class, spec.getServiceAccountName());
            assertEquals(Boolean.FALSE, account.getAutomountServiceAccountToken(), account.getMetadata().getName());
        }
        for (SutService service : SutService.values()) {
            Workloads.Pod pod = pod(m, service.name);
            assertEquals(service.name, pod.template().getSpec().getServiceAccountName());
            TopologySpreadConstraint spread = pod.template().getSpec().getTopologySpreadConstraints().stream()
                    .filter(c -> c.getTopologyKey().equals("kubernetes.io/hostname")).findFirst()
                    .orElseGet(() -> fail(service.name + " is not spread across nodes"));
            assertEquals(1, spread.getMaxSkew());
            assertTrue(Workloads.matches(spread.getLabelSelector(), pod.labels()), service.name + " spread counts its own pods");
            assertEquals(1, Workloads.selected(Workloads.pods(m), NAMESPACE, spread.getLabelSelector()).size(),
                    service.name + " spread selects only its own pods");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.refsut.k8s.Variant#all")
    void dataServicesReceiveTheConnectionStringFromASecretAndEveryMongoDbOption(Variant variant) {
        Manifests m = variant.manifests();
        for (SutService service : SutService.values()) {
            if (!service.isDataService()) {
                continue;
            }
            Container container = single(pod(m, service.name));
            Map<String, String> environment = environment(m, container);
            for (String variable : MONGODB_VARIABLES) {
                assertTrue(environment.containsKey(variable), service.name + " lacks " + variable);
            }
            assertEquals(service.database, environment.get("QUARKUS_MONGODB_DATABASE"), service.name + " database");
            EnvVar connection = container.getEnv().stream()
                    .filter(e -> e.getName().equals("QUARKUS_MONGODB_CONNECTION_STRING")).findFirst().orElseThrow();
            assertNull(connection.getValue(), "the connection string never sits in a manifest");
            SecretKeySelector ref = connection.getValueFrom().getSecretKeyRef();
            assertNotNull(ref, service.name + " reads the connection string from a Secret");
            if (variant.inClusterMongoDb()) {
                Secret secret = m.get(Secret.class, ref.getName());
                assertTrue(secret.getData().containsKey(ref.getKey()), "generated Secret holds " + ref.getKey());
            } else if (variant.atlasOperatorSecret()) {
                assertEquals("connectionStringStandardSrv", ref.getKey(), "Atlas operator secret layout");
            } else {
                assertEquals("refsut-mongodb", ref.getName());
                assertEquals("connectionString", ref.getKey());
                assertTrue(m.of(Secret.class).isEmpty(), "no Secret is committed for a managed MongoDB");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.refsut.k8s.Variant#all")
    void orchestratorReachesEveryDataServiceThroughItsServicePort(Variant variant) {
        Manifests m = variant.manifests();
        Map<String, String> environment = environment(m, single(pod(m, "orchestrator")));
        for (SutService service : SutService.values()) {
            if (!service.isDataService()) {
                continue;
            }
            assertEquals("http://" + service.name + ":" + service.httpPort(), environment.get(service.urlVariable),
                    service.urlVariable);
            assertTrue(m.get(Service.class, service.name).getSpec().getPorts().stream()
                    .anyMatch(p -> p.getPort() == service.httpPort()), service.name + " Service serves the URL's port");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.refsut.k8s.Variant#all")
    void networkPoliciesDenyByDefaultAndEverySelectorSelectsExistingPods(Variant variant) {
        Manifests m = variant.manifests();
        NetworkPolicies policies = new NetworkPolicies(m);
        policies.assertDefaultDeny();
        policies.assertSelectorsSelectExistingPodsAndPorts();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.refsut.k8s.Variant#all")
    void networkPoliciesOpenOnlyThePublishedPaths(Variant variant) {
        Manifests m = variant.manifests();
        NetworkPolicies policies = new NetworkPolicies(m);
        Map<SutService, Set<String>> expectedIngress = new LinkedHashMap<>();
        Map<SutService, Set<String>> expectedEgress = new LinkedHashMap<>();
        Set<String> orchestratorEgress = new TreeSet<>(Set.of("namespace kube-system pods {k8s-app=kube-dns} port 53"));
        for (SutService service : SutService.values()) {
            int management = service.managementPort();
            Set<String> ingress = new TreeSet<>(Set.of("namespace monitoring port " + management));
            ingress.addAll(MANAGED_PROMETHEUS.get(variant.cloud()).stream().map(peer -> peer + " port " + management).toList());
            Set<String> egress = new TreeSet<>(Set.of("namespace kube-system pods {k8s-app=kube-dns} port 53"));
            if (service.isDataService()) {
                ingress.add("pod orchestrator port " + service.httpPort());
                for (int port : List.of(27015, 27016, 27017)) {
                    egress.add("ipBlock 0.0.0.0/0 port " + port);
                }
                if (variant.inClusterMongoDb()) {
                    egress.add("pod mongodb port 27017");
                }
                orchestratorEgress.add("pod " + service.name + " port " + service.httpPort());
            } else {
                ingress.add("namespace traefik pods {app.kubernetes.io/name=traefik} port " + service.httpPort());
            }
            expectedIngress.put(service, ingress);
            expectedEgress.put(service, egress);
        }
        expectedEgress.put(SutService.ORCHESTRATOR, orchestratorEgress);
        for (SutService service : SutService.values()) {
            Workloads.Pod pod = pod(m, service.name);
            assertEquals(expectedIngress.get(service), policies.ingress(pod), service.name + " ingress");
            assertEquals(expectedEgress.get(service), policies.egress(pod), service.name + " egress");
        }
        if (variant.inClusterMongoDb()) {
            Workloads.Pod mongodb = pod(m, "mongodb");
            Set<String> ingress = new TreeSet<>();
            for (String name : List.of("accounts", "payments", "balances", "audit", "mongodb")) {
                ingress.add("pod " + name + " port 27017");
            }
            assertEquals(ingress, policies.ingress(mongodb), "mongodb ingress");
        }
    }

    /** Issue 15, item 3: engines that ignore endPort (older Cilium, older Azure NPM) would open only the first port. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.refsut.k8s.Variant#all")
    void noNetworkPolicyOpensAPortRange(Variant variant) {
        for (var policy : variant.manifests().of(io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy.class)) {
            Stream.concat(
                    policy.getSpec().getEgress() == null ? Stream.empty() : policy.getSpec().getEgress().stream().flatMap(
                            r -> r.getPorts() == null ? Stream.empty() : r.getPorts().stream()),
                    policy.getSpec().getIngress() == null ? Stream.empty() : policy.getSpec().getIngress().stream().flatMap(
                            r -> r.getPorts() == null ? Stream.empty() : r.getPorts().stream()))
                    .forEach(port -> assertNull(port.getEndPort(), "NetworkPolicy " + policy.getMetadata().getName()
                            + " opens the range " + port.getPort() + "-" + port.getEndPort() + ": list each port"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.refsut.k8s.Variant#all")
    void gatewayRoutesOnlyTheOrchestratorApiPortWithTlsAndNoRateLimit(Variant variant) {
        Gateway.assertRoutesOnlyTheOrchestratorApi(variant.manifests(), SutService.ORCHESTRATOR.httpPort());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.refsut.k8s.Variant#all")
    void serviceMonitorScrapesEveryManagementPortWhenTheComponentIsUsed(Variant variant) {
        Manifests m = variant.manifests();
        var monitors = m.custom("ServiceMonitor");
        if (!variant.serviceMonitor()) {
            assertTrue(monitors.isEmpty(), "the ServiceMonitor needs the Prometheus Operator CRD and stays optional");
            return;
        }
        assertEquals(1, monitors.size());
        Map<String, Object> spec = Gateway.map(monitors.get(0).getAdditionalProperties().get("spec"));
        Map<String, Object> selector = Gateway.map(Gateway.map(spec.get("selector")).get("matchLabels"));
        List<Map<String, Object>> endpoints = Gateway.list(spec.get("endpoints"));
        assertEquals(1, endpoints.size());
        assertEquals("management", endpoints.get(0).get("port"));
        assertEquals("/q/metrics", endpoints.get(0).get("path"));
        for (SutService service : SutService.values()) {
            Service svc = m.get(Service.class, service.name);
            Map<String, String> labels = svc.getMetadata().getLabels();
            selector.forEach((k, v) -> assertEquals(v, labels.get(k), service.name + " Service is selected by the ServiceMonitor"));
            assertTrue(svc.getSpec().getPorts().stream().anyMatch(p -> p.getName().equals("management")
                    && p.getPort() == service.managementPort()), service.name + " Service names its management port");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.refsut.k8s.Variant#all")
    void inClusterMongoDbKeepsItsDataOnTheCloudsStorageClass(Variant variant) {
        Manifests m = variant.manifests();
        if (!variant.inClusterMongoDb()) {
            assertTrue(m.of(StatefulSet.class).isEmpty(), "MongoDB runs in-cluster only with the component");
            return;
        }
        StatefulSet mongodb = m.get(StatefulSet.class, "mongodb");
        var claim = mongodb.getSpec().getVolumeClaimTemplates().get(0);
        String storageClass = claim.getSpec().getStorageClassName();
        Map<String, String> expected = Map.of("aks", "managed-csi-premium", "gke", "premium-rwo", "eks", "gp3");
        assertEquals(expected.get(variant.cloud()), storageClass, "storage class of " + variant.cloud());
        Container container = mongodb.getSpec().getTemplate().getSpec().getContainers().get(0);
        assertTrue(container.getVolumeMounts().stream()
                .anyMatch(v -> v.getName().equals(claim.getMetadata().getName()) && v.getMountPath().equals("/data/db")),
                "the data directory is on the persistent volume");
        Service service = m.get(Service.class, mongodb.getSpec().getServiceName());
        assertEquals("None", service.getSpec().getClusterIP(), "headless Service for the StatefulSet");
    }

    private static void assertProbe(Workloads.Pod pod, Probe probe, String path, SutService service, String kind) {
        assertNotNull(probe, service.name + " " + kind + " probe");
        HTTPGetAction get = probe.getHttpGet();
        assertNotNull(get, service.name + " " + kind + " probe is an HTTP GET");
        assertEquals(path, get.getPath(), service.name + " " + kind + " probe path");
        assertEquals(service.managementPort(), pod.resolve(get.getPort()).orElseGet(
                () -> fail(service.name + " " + kind + " probe port " + get.getPort() + " is no container port")),
                service.name + " " + kind + " probe port");
    }

    static Workloads.Pod pod(Manifests m, String owner) {
        return Workloads.pods(m).stream().filter(p -> p.owner().equals(owner)).findFirst()
                .orElseGet(() -> fail("no workload named " + owner));
    }

    private static Container single(Workloads.Pod pod) {
        assertEquals(1, pod.containers().size(), pod.owner() + " runs one container");
        return pod.containers().get(0);
    }

    private static io.fabric8.kubernetes.api.model.LabelSelector selector(Service service) {
        return new io.fabric8.kubernetes.api.model.LabelSelectorBuilder().withMatchLabels(service.getSpec().getSelector()).build();
    }

    /** The container's environment: ConfigMap keys from envFrom, then env entries (a Secret reference counts as set). */
    private static Map<String, String> environment(Manifests m, Container container) {
        Map<String, String> environment = new LinkedHashMap<>();
        if (container.getEnvFrom() != null) {
            for (EnvFromSource source : container.getEnvFrom()) {
                assertNotNull(source.getConfigMapRef(), "envFrom reads ConfigMaps only");
                ConfigMap map = m.get(ConfigMap.class, source.getConfigMapRef().getName());
                environment.putAll(map.getData());
            }
        }
        if (container.getEnv() != null) {
            for (EnvVar variable : container.getEnv()) {
                environment.put(variable.getName(), variable.getValue() != null ? variable.getValue() : "<from " + variable.getValueFrom() + ">");
            }
        }
        return environment;
    }

    private static BigDecimal amount(Quantity quantity) {
        return Quantity.getAmountInBytes(quantity);
    }

    /** The tag, or the digest of an image pinned by digest. */
    private static String tagOf(String image) {
        if (image.contains("@")) {
            return image.substring(image.indexOf('@') + 1);
        }
        int slash = image.lastIndexOf('/');
        int colon = image.lastIndexOf(':');
        return colon > slash ? image.substring(colon + 1) : null;
    }
}
