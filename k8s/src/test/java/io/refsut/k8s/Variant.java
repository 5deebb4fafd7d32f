package io.refsut.k8s;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** One deployable rendering: a cloud overlay, optionally with the in-cluster MongoDB or the optional components. */
record Variant(String cloud, Path dir, boolean inClusterMongoDb, boolean atlasOperatorSecret, boolean serviceMonitor) {

    static final List<String> CLOUDS = List.of("aks", "gke", "eks");

    private static final Map<Path, Manifests> RENDERED = new ConcurrentHashMap<>();

    /** Every overlay as committed, plus each cloud overlay with the two optional components added. */
    static List<Variant> all() {
        List<Variant> variants = new ArrayList<>();
        Path overlays = Repo.k8s().resolve("overlays");
        for (String cloud : CLOUDS) {
            variants.add(new Variant(cloud, overlays.resolve(cloud), false, false, false));
            variants.add(new Variant(cloud, overlays.resolve("mongodb-in-cluster").resolve(cloud), true, false, false));
            variants.add(new Variant(cloud, withComponents(cloud), false, true, true));
        }
        return variants;
    }

    Manifests manifests() {
        return RENDERED.computeIfAbsent(dir, Manifests::render);
    }

    @Override
    public String toString() {
        return Repo.k8s().relativize(dir).toString();
    }

    private static Path withComponents(String cloud) {
        Path dir = Repo.scratch(cloud + "-atlas-operator-prometheus-operator");
        String kustomization = """
                apiVersion: kustomize.config.k8s.io/v1beta1
                kind: Kustomization
                resources:
                  - ../../../overlays/%s
                components:
                  - ../../../components/atlas-operator-secret
                  - ../../../components/prometheus-operator
                """.formatted(cloud);
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("kustomization.yaml"), kustomization);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir;
    }
}
