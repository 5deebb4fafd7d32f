package io.refsut.k8s;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Renders a kustomization with {@code kubectl kustomize}; fails the test, saying how to get kubectl, when it is absent. */
final class Kustomize {

    private static final String INSTALL_HINT = "kubectl (1.27 or newer, which bundles kustomize v5) is needed to render k8s/: "
            + "install it from the Kubernetes apt repository (package kubectl) or the Google Cloud SDK apt repository, "
            + "or point the KUBECTL environment variable at a kubectl binary. Debian's own kubernetes-client package is too old.";

    private Kustomize() {
    }

    /** The rendered YAML of the kustomization in {@code dir}. */
    static String render(Path dir) {
        Path kubectl = kubectl();
        try {
            Path out = Files.createTempFile("kustomize", ".yaml");
            Path err = Files.createTempFile("kustomize", ".err");
            try {
                Process process = new ProcessBuilder(kubectl.toString(), "kustomize", dir.toString())
                        .redirectOutput(out.toFile())
                        .redirectError(err.toFile())
                        .start();
                if (!process.waitFor(120, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    fail("kubectl kustomize " + dir + " did not finish within 120 s");
                }
                if (process.exitValue() != 0) {
                    fail("kubectl kustomize " + dir + " failed: " + Files.readString(err, StandardCharsets.UTF_8));
                }
                return Files.readString(out, StandardCharsets.UTF_8);
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new IllegalStateException("could not run " + kubectl, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while rendering " + dir, e);
        }
    }

    private static Path kubectl() {
        String configured = System.getenv("KUBECTL");
        if (configured != null && !configured.isBlank()) {
            Path path = Path.of(configured);
            if (Files.isExecutable(path)) {
                return path;
            }
            fail("KUBECTL=" + configured + " is not an executable file. " + INSTALL_HINT);
        }
        String pathEnv = System.getenv().getOrDefault("PATH", "");
        for (String entry : pathEnv.split(File.pathSeparator)) {
            if (!entry.isEmpty() && Files.isExecutable(Path.of(entry, "kubectl"))) {
                return Path.of(entry, "kubectl");
            }
        }
        for (String candidate : List.of("/usr/bin/kubectl", "/usr/local/bin/kubectl")) {
            if (Files.isExecutable(Path.of(candidate))) {
                return Path.of(candidate);
            }
        }
        return fail("kubectl not found on PATH. " + INSTALL_HINT);
    }
}
