package io.refsut.k8s;

import java.nio.file.Files;
import java.nio.file.Path;

/** Locations in the repository, resolved from the k8s module directory the tests run in. */
final class Repo {

    private Repo() {
    }

    /** The k8s module directory. */
    static Path k8s() {
        Path dir = Path.of(System.getProperty("basedir", System.getProperty("user.dir"))).toAbsolutePath();
        if (!Files.isRegularFile(dir.resolve("base/kustomization.yaml"))) {
            throw new IllegalStateException("tests must run in the k8s module directory, not " + dir);
        }
        return dir;
    }

    /** The repository root. */
    static Path root() {
        return k8s().getParent();
    }

    /** A scratch directory under k8s/target for generated kustomizations. */
    static Path scratch(String name) {
        return k8s().resolve("target").resolve("kustomize").resolve(name);
    }
}
