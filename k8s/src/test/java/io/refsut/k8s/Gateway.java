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

/** Checks of the Traefik custom resources (IngressRoute, Middleware, TLSOption, ServersTransport). */
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
        String tlsOption = (String) map(tls.get("options")).get("name");
        Map<String, Object> option = spec(named(m, "TLSOption", tlsOption));
        assertEquals("VersionTLS12", option.get("minVersion"), "TLS minimum stated");

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
                Map<String, Object> transport = spec(named(m, "ServersTransport", (String) backend.get("serversTransport")));
                assertTrue(transport.containsKey("maxIdleConnsPerHost"), "backend keep-alive pool stated");
            }
        }
    }

    private static GenericKubernetesResource named(Manifests m, String kind, String name) {
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
