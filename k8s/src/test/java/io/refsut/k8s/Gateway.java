package io.refsut.k8s;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** Checks of the Traefik custom resources (IngressRoute, Middleware, TLSOption, TLSStore, ServersTransport). */
final class Gateway {

    private Gateway() {
    }

    static void assertRoutesOnlyTheOrchestratorApi(Manifests m, int orchestratorHttpPort) {
        List<GenericKubernetesResource> routes = m.custom("IngressRoute");
        assertEquals(1, routes.size(), "one IngressRoute");
        Map<String, Object> spec = spec(routes.get(0));
        assertEquals(List.of("websecure"), spec.get("entryPoints"), "HTTPS entry point only");
        Map<String, Object> tls = map(spec.get("tls"));
        assertNotNull(tls.get("secretName"), "TLS certificate from a Secret");
        Map<String, Object> option = spec(namedKind(m, "TLSOption", appliedTlsOption(spec)));
        assertEquals("VersionTLS12", option.get("minVersion"), "TLS minimum stated");
        assertEquals(List.of("http/1.1"), option.get("alpnProtocols"), "HTTP/1.1 only, as the injectors speak it");
        Map<String, Object> store = spec(namedKind(m, "TLSStore", "default"));
        assertEquals(tls.get("secretName"), map(store.get("defaultCertificate")).get("secretName"),
                "clients without SNI (a bare IP as target) get the gateway's certificate");

        Set<String> middlewares = m.custom("Middleware").stream().map(r -> r.getMetadata().getName()).collect(Collectors.toSet());
        for (GenericKubernetesResource middleware : m.custom("Middleware")) {
            Map<String, Object> middlewareSpec = spec(middleware);
            assertFalse(middlewareSpec.containsKey("rateLimit") || middlewareSpec.containsKey("inFlightReq"),
                    "no rate limit: Traefik's is per client IP and one injector is one IP");
        }
        assertTrue(m.custom("Middleware").stream().anyMatch(r -> spec(r).containsKey("headers")), "a headers middleware");

        Service orchestrator = m.get(Service.class, "orchestrator");
        for (Map<String, Object> route : list(spec.get("routes"))) {
            for (Map<String, Object> reference : list(route.get("middlewares"))) {
                assertTrue(middlewares.contains(reference.get("name")), "route uses middleware " + reference.get("name"));
            }
            for (Map<String, Object> backend : list(route.get("services"))) {
                assertEquals("orchestrator", backend.get("name"), "the gateway reaches only the orchestrator");
                Object port = backend.get("port");
                ServicePort servicePort = orchestrator.getSpec().getPorts().stream()
                        .filter(p -> String.valueOf(p.getPort()).equals(String.valueOf(port)) || p.getName().equals(port))
                        .findFirst().orElseGet(() -> fail("route port " + port + " is not an orchestrator Service port"));
                assertEquals(orchestratorHttpPort, servicePort.getPort(), "the gateway uses the plain HTTP API port, never management");
                Map<String, Object> transport = spec(namedKind(m, "ServersTransport", (String) backend.get("serversTransport")));
                assertTrue(transport.containsKey("maxIdleConnsPerHost"), "backend keep-alive pool stated");
            }
        }
    }

    /**
     * The TLSOption Traefik really applies to the route. Traefik selects TLS options during the handshake by SNI, from
     * the hosts in the route's Host() rules: a route whose rules name no host gets the TLS options named "default",
     * whatever its tls.options says (Traefik logs "No domain found in rule ..., the TLS options applied for this
     * router will depend on the SNI of each request"). So either every rule names a host and tls.options names the
     * option, or the option must be the one named "default".
     */
    static String appliedTlsOption(Map<String, Object> routeSpec) {
        boolean everyRuleHasAHost = list(routeSpec.get("routes")).stream()
                .allMatch(r -> String.valueOf(r.get("match")).contains("Host("));
        Map<String, Object> tls = map(routeSpec.get("tls"));
        if (everyRuleHasAHost && tls.get("options") != null) {
            return (String) map(tls.get("options")).get("name");
        }
        assertTrue(tls.get("options") == null || "default".equals(map(tls.get("options")).get("name")),
                "a route without Host() names TLS options " + tls.get("options") + " that Traefik never applies to it");
        return "default";
    }

    private static GenericKubernetesResource namedKind(Manifests m, String kind, String name) {
        return m.custom(kind).stream().filter(r -> r.getMetadata().getName().equals(name)).findFirst()
                .orElseGet(() -> fail("no " + kind + " named " + name));
    }

    private static Map<String, Object> spec(GenericKubernetesResource resource) {
        return map(resource.getAdditionalProperties().get("spec"));
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object value) {
        assertTrue(value instanceof Map, "expected a mapping, got " + value);
        return (Map<String, Object>) value;
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> list(Object value) {
        if (value == null) {
            return List.of();
        }
        assertTrue(value instanceof List, "expected a list, got " + value);
        return (List<Map<String, Object>>) value;
    }
}
