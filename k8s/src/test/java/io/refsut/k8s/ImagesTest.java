package io.refsut.k8s;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.fabric8.kubernetes.api.model.Container;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * Issue 15, item 1: every image of every rendering a cloud applies (services, load and run Jobs, results reader) comes
 * from that cloud's registry through its one images component; none is left on its base name refsut/..., which
 * resolves to a public registry where no such image exists.
 */
class ImagesTest {

    /** The images the project builds, by base name. */
    static final List<String> BUILT = List.of("orchestrator-service", "service-2", "service-3", "service-4", "service-5", "loadtest");

    private static final Pattern DIGEST = Pattern.compile("sha256:[0-9a-f]{64}");

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"aks", "gke", "eks"})
    void everyRenderingOfACloudTakesEveryBuiltImageFromItsRegistry(String cloud) {
        Map<String, String> names = componentNames(cloud);
        assertEquals(BUILT, List.copyOf(names.keySet()), cloud + " images component lists every built image");
        String registry = null;
        for (String image : BUILT) {
            String newName = names.get(image);
            assertTrue(newName.endsWith("/" + image), cloud + ": " + image + " keeps its name in the registry: " + newName);
            String prefix = newName.substring(0, newName.length() - image.length() - 1);
            assertTrue(prefix.substring(0, prefix.indexOf('/') < 0 ? prefix.length() : prefix.indexOf('/')).contains("."),
                    cloud + ": " + newName + " names a registry host, not Docker Hub");
            if (registry == null) {
                registry = prefix;
            }
            assertEquals(registry, prefix, cloud + ": all images come from one registry");
        }
        Map<String, Manifests> renderings = new LinkedHashMap<>();
        for (Variant variant : Variant.all()) {
            if (variant.cloud().equals(cloud)) {
                renderings.put(variant.toString(), variant.manifests());
            }
        }
        renderings.put(Repo.k8s().relativize(Client.setupDir(cloud)).toString(), Client.setup(cloud));
        for (String step : Client.STEPS) {
            renderings.put(Repo.k8s().relativize(Client.stepDir(cloud, step)).toString(), Client.step(cloud, step));
        }
        for (Map.Entry<String, Manifests> rendering : renderings.entrySet()) {
            for (Workloads.Pod pod : Workloads.pods(rendering.getValue())) {
                for (Container container : pod.allContainers()) {
                    String image = container.getImage();
                    String where = rendering.getKey() + " " + pod.owner() + "/" + container.getName() + " image " + image;
                    assertFalse(image.startsWith("refsut/"), where + " is left on its base name: no registry serves it");
                    String repository = repository(image);
                    String base = repository.substring(repository.lastIndexOf('/') + 1);
                    if (BUILT.contains(base)) {
                        assertEquals(names.get(base), repository, where + " comes from the " + cloud + " registry");
                    }
                }
            }
        }
        for (String step : Client.STEPS) {
            List<String> images = new ArrayList<>();
            Workloads.pods(Client.step(cloud, step)).forEach(p -> p.allContainers().forEach(c -> images.add(c.getImage())));
            assertFalse(images.isEmpty(), cloud + " " + step + " runs a pod");
            assertTrue(images.stream().allMatch(i -> repository(i).equals(names.get("loadtest"))),
                    cloud + " " + step + " runs the load generator image from the registry: " + images);
        }
    }

    @Test
    void imagesPinnedByDigestRenderAsRepositoryAtDigest() throws IOException {
        Path scratch = Repo.scratch("aks-digest");
        Files.createDirectories(scratch.resolve("images"));
        String digest = "sha256:" + "0123456789abcdef".repeat(4);
        String component = Files.readString(Repo.k8s().resolve("overlays/aks/images/kustomization.yaml"))
                .replaceAll("(?m)^    newTag: .*$", "    digest: " + digest);
        Files.writeString(scratch.resolve("images/kustomization.yaml"), component);
        Files.writeString(scratch.resolve("kustomization.yaml"), """
                apiVersion: kustomize.config.k8s.io/v1beta1
                kind: Kustomization
                resources:
                  - ../../../loadtest/run
                  - ../../../base
                components:
                  - images
                """);
        Manifests m = Manifests.render(scratch);
        List<String> images = new ArrayList<>();
        Workloads.pods(m).forEach(p -> p.allContainers().forEach(c -> images.add(c.getImage())));
        assertEquals(6, images.size(), "five services and the run Job: " + images);
        for (String image : images) {
            int at = image.indexOf('@');
            assertTrue(at > 0 && DIGEST.matcher(image.substring(at + 1)).matches(), image + " is pinned by digest");
            assertTrue(image.startsWith("refsutregistry.azurecr.io/refsut/"), image + " keeps the registry");
        }
    }

    @Test
    void readmeAppliesTheLoadTestOnlyThroughACloudOverlay() throws IOException {
        String readme = Files.readString(Repo.k8s().resolve("README.md"));
        var bare = Pattern.compile("(?m)-[kf] k8s/loadtest(/(load|run|reader)/?)?(\\s|$)|results-reader\\.yaml").matcher(readme);
        if (bare.find()) {
            fail("k8s/README.md applies " + bare.group().trim() + " directly: the Jobs and the reader keep the base name"
                    + " refsut/loadtest and the results volume gets no storage class; use k8s/overlays/<cloud>/loadtest/...");
        }
        for (String step : Client.STEPS) {
            assertTrue(readme.contains("k8s/overlays/$CLOUD/loadtest/" + step) || readme.contains("k8s/overlays/aks/loadtest/" + step),
                    "k8s/README.md applies the " + step + " step through a cloud overlay");
        }
    }

    /** The image without tag or digest. */
    static String repository(String image) {
        String name = image.contains("@") ? image.substring(0, image.indexOf('@')) : image;
        int slash = name.lastIndexOf('/');
        int colon = name.lastIndexOf(':');
        return colon > slash ? name.substring(0, colon) : name;
    }

    /** newName per base name (without "refsut/") in overlays/&lt;cloud&gt;/images. */
    @SuppressWarnings("unchecked")
    static Map<String, String> componentNames(String cloud) {
        Path file = Repo.k8s().resolve("overlays").resolve(cloud).resolve("images/kustomization.yaml");
        Map<String, Object> component;
        try {
            component = new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(file));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + file, e);
        }
        assertEquals("Component", component.get("kind"), file + " is a kustomize Component");
        Map<String, String> names = new LinkedHashMap<>();
        for (Map<String, Object> entry : (List<Map<String, Object>>) component.get("images")) {
            String name = (String) entry.get("name");
            assertTrue(name.startsWith("refsut/"), file + " rewrites base names: " + name);
            assertNotNull(entry.get("newName"), file + " " + name + " sets newName");
            assertTrue(entry.get("newTag") != null || entry.get("digest") != null, file + " " + name + " pins a tag or digest");
            names.put(name.substring("refsut/".length()), (String) entry.get("newName"));
        }
        return names;
    }
}
