package io.refsut.k8s;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The client-cluster overlays of one cloud: setup (namespace, volume), then the load, run and reader steps. */
final class Client {

    /** The steps applied one after the other, each its own kustomization under overlays/&lt;cloud&gt;/loadtest/. */
    static final List<String> STEPS = List.of("load", "run", "reader");

    private static final Map<Path, Manifests> RENDERED = new ConcurrentHashMap<>();

    private Client() {
    }

    static Path setupDir(String cloud) {
        return Repo.k8s().resolve("overlays").resolve(cloud).resolve("loadtest");
    }

    static Path stepDir(String cloud, String step) {
        return setupDir(cloud).resolve(step);
    }

    static Manifests setup(String cloud) {
        return RENDERED.computeIfAbsent(setupDir(cloud), Manifests::render);
    }

    static Manifests step(String cloud, String step) {
        return RENDERED.computeIfAbsent(stepDir(cloud, step), Manifests::render);
    }
}
