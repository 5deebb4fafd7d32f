package io.refsut.common.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The module rules of docs/ARCHITECTURE.md, read from the poms of the whole build (every scope, transitively):
 * the orchestrator never has the MongoDB part of common, no service depends on another service's module, common
 * depends on no service, and the load test and the k8s checks depend on no module of the SUT (they drive and inspect
 * it from outside).
 */
class ModuleDependenciesTest {

    private static final String GROUP = "io.refsut";
    private static final Set<String> SERVICES = Set.of("service-2", "service-3", "service-4", "service-5",
            "orchestrator-service");
    private static final List<String> COMMON = List.of("common-web", "common-mongo");
    private static final List<String> OUTSIDE = List.of("loadtest", "k8s");

    @Test
    void theBuildFollowsTheModuleRules() throws Exception {
        Map<String, Module> modules = readBuild(root());
        assertTrue(modules.keySet().containsAll(SERVICES) && modules.keySet().containsAll(COMMON)
                && modules.keySet().containsAll(OUTSIDE), "all services, both common modules, loadtest and k8s found: "
                        + modules.keySet());
        assertEquals(List.of(), violations(modules));
    }

    @Test
    void aForbiddenDependencyIsReported() {
        Map<String, Module> modules = new TreeMap<>();
        modules.put("common-web", new Module(Set.of(), Set.of("quarkus-rest-jackson")));
        modules.put("common-mongo", new Module(Set.of("common-web", "service-2"), Set.of()));
        modules.put("service-2", new Module(Set.of("common-mongo"), Set.of()));
        modules.put("service-3", new Module(Set.of("service-2"), Set.of()));
        modules.put("orchestrator-service", new Module(Set.of("common-mongo"), Set.of("quarkus-mongodb-client")));
        modules.put("loadtest", new Module(Set.of("common-web"), Set.of("gatling-charts-highcharts")));
        assertEquals(List.of(
                "common-mongo depends on service service-2",
                "orchestrator-service depends on the MongoDB part (common-mongo)",
                "orchestrator-service declares a MongoDB artifact: quarkus-mongodb-client",
                "orchestrator-service depends on service service-2",
                "service-3 depends on service service-2",
                "loadtest depends on common-web, a module of the SUT"), violations(modules));
    }

    /** Every broken rule, as a sentence; empty when the build follows them. */
    static List<String> violations(Map<String, Module> modules) {
        List<String> found = new ArrayList<>();
        for (String common : COMMON) {
            reachable(modules, common).stream().filter(SERVICES::contains)
                    .forEach(service -> found.add(common + " depends on service " + service));
        }
        if (reachable(modules, "orchestrator-service").contains("common-mongo")) {
            found.add("orchestrator-service depends on the MongoDB part (common-mongo)");
        }
        modules.getOrDefault("orchestrator-service", new Module(Set.of(), Set.of())).external().stream()
                .filter(artifact -> artifact.contains("mongo"))
                .forEach(artifact -> found.add("orchestrator-service declares a MongoDB artifact: " + artifact));
        for (String service : new TreeSet<>(SERVICES)) {
            reachable(modules, service).stream().filter(other -> SERVICES.contains(other) && !other.equals(service))
                    .forEach(other -> found.add(service + " depends on service " + other));
        }
        for (String outside : OUTSIDE) {
            reachable(modules, outside).stream().filter(module -> SERVICES.contains(module) || COMMON.contains(module))
                    .forEach(module -> found.add(outside + " depends on " + module + ", a module of the SUT"));
        }
        return found;
    }

    /** The project's modules reachable from {@code start} through dependencies, {@code start} excluded. */
    private static Set<String> reachable(Map<String, Module> modules, String start) {
        Set<String> seen = new TreeSet<>();
        Deque<String> todo = new ArrayDeque<>(List.of(start));
        while (!todo.isEmpty()) {
            Module module = modules.get(todo.pop());
            if (module != null) {
                module.internal().stream().filter(seen::add).forEach(todo::push);
            }
        }
        seen.remove(start);
        return seen;
    }

    /** A module's dependencies: on the project's own modules, and the artifact ids of all others. */
    record Module(Set<String> internal, Set<String> external) {
    }

    private static Map<String, Module> readBuild(Path root) throws Exception {
        Map<String, Module> modules = new TreeMap<>();
        Deque<Path> poms = new ArrayDeque<>(List.of(root.resolve("pom.xml")));
        while (!poms.isEmpty()) {
            Path pom = poms.pop();
            Element project = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile())
                    .getDocumentElement();
            Set<String> internal = new TreeSet<>();
            Set<String> external = new TreeSet<>();
            for (Element dependency : children(child(project, "dependencies"), "dependency")) {
                String group = text(dependency, "groupId");
                String artifact = text(dependency, "artifactId");
                (GROUP.equals(group) || "${project.groupId}".equals(group) ? internal : external).add(artifact);
            }
            modules.put(text(project, "artifactId"), new Module(internal, external));
            for (Element module : children(child(project, "modules"), "module")) {
                poms.push(pom.resolveSibling(module.getTextContent().trim()).resolve("pom.xml"));
            }
        }
        return modules;
    }

    private static Path root() {
        Path dir = Path.of("").toAbsolutePath();
        while (!Files.exists(dir.resolve("mvnw"))) {
            dir = dir.getParent();
        }
        return dir;
    }

    private static Element child(Element parent, String name) {
        List<Element> found = children(parent, name);
        return found.isEmpty() ? null : found.get(0);
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        if (parent != null) {
            NodeList nodes = parent.getChildNodes();
            for (int i = 0; i < nodes.getLength(); i++) {
                if (nodes.item(i) instanceof Element element && element.getTagName().equals(name)) {
                    found.add(element);
                }
            }
        }
        return found;
    }

    private static String text(Element parent, String name) {
        Element element = child(parent, name);
        return element == null ? null : element.getTextContent().trim();
    }
}
