package io.refsut.k8s;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Issue 15: k8s/README.md walks a fresh account from nothing to results in an order that works, per cloud. */
class ReadmeTest {

    private static final Path README = Repo.k8s().resolve("README.md");

    /** What every cloud does once its clusters exist, in this order. */
    private static final List<String> COMMON = List.of(
            "helm upgrade --install traefik traefik/traefik",          // CRDs before the overlay that uses them
            "kubectl apply -f k8s/base/namespace.yaml",                // namespace before its Secrets
            "create secret generic refsut-mongodb",
            "create secret tls refsut-gateway-tls",
            "kubectl apply -k k8s/overlays/$CLOUD\n",                  // server after Traefik and the Secrets
            "kubectl -n refsut rollout status deployment",
            "kubectl config use-context refsut-client",
            "kubectl apply -k k8s/overlays/$CLOUD/loadtest ",         // namespace and volume before the Jobs
            "kubectl apply -k k8s/overlays/$CLOUD/loadtest/load\n",
            "wait_job refsut-load ",                                   // the run only on loaded records
            "kubectl apply -k k8s/overlays/$CLOUD/loadtest/run\n",
            "wait_job refsut-run ",
            "kubectl apply -k k8s/overlays/$CLOUD/loadtest/reader\n",  // results only once the Jobs ended
            "kubectl -n refsut-loadtest cp refsut-results:/results");

    /** Per cloud, from a fresh account to running clusters. */
    private static final Map<String, List<String>> FRESH_ACCOUNT = Map.of(
            "aks", List.of(
                    "CLOUD=aks",
                    "az provider register",                 // a fresh subscription has the providers unregistered
                    "az group create -n refsut",            // the group before anything in it
                    "az acr create -g refsut",
                    "docker push $REGISTRY/",
                    "k8s/overlays/$CLOUD/images/kustomization.yaml",
                    "az network vnet create -g refsut",
                    "az aks create -g refsut -n refsut-server",
                    "--attach-acr refsutregistry",          // the registry exists by now
                    "az aks get-credentials -g refsut -n refsut-server"),
            "gke", List.of(
                    "CLOUD=aks   # or gke / eks",
                    "gcloud services enable",               // a fresh project has the APIs off
                    "gcloud artifacts repositories create refsut",
                    "docker push $REGISTRY/",
                    "k8s/overlays/$CLOUD/images/kustomization.yaml",
                    "gcloud container clusters create refsut-server",
                    "gcloud artifacts repositories add-iam-policy-binding refsut", // nodes may pull
                    "gcloud container clusters get-credentials refsut-server"),
            "eks", List.of(
                    "CLOUD=aks   # or gke / eks",
                    "aws ecr create-repository",
                    "docker push $REGISTRY/",
                    "k8s/overlays/$CLOUD/images/kustomization.yaml",
                    "eksctl create cluster -f k8s/clusters/eks-server.yaml",
                    "eksctl create cluster -f k8s/clusters/eks-client.yaml",
                    "aws eks update-kubeconfig --region eu-west-1 --name refsut-server"));

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"aks", "gke", "eks"})
    void commandsComeInAnOrderThatWorksOnAFreshAccount(String cloud) throws IOException {
        String readme = Files.readString(README);
        List<String> steps = new ArrayList<>(FRESH_ACCOUNT.get(cloud));
        steps.addAll(COMMON);
        int position = 0;
        String previous = "the start";
        for (String step : steps) {
            int found = readme.indexOf(step, position);
            if (found < 0) {
                int anywhere = readme.indexOf(step);
                fail(cloud + ": k8s/README.md " + (anywhere < 0 ? "lacks the step «" + step.strip() + "»"
                        : "has «" + step.strip() + "» before «" + previous.strip() + "», which it needs"));
            }
            position = found + step.length();
            previous = step;
        }
        assertTrue(readme.contains("values-$CLOUD.yaml"), "Traefik gets the values of the cloud chosen in section 1");
    }

    @Test
    void filesTheReadmeNamesExist() throws IOException {
        String readme = Files.readString(README);
        for (String file : List.of("clusters/eks-server.yaml", "clusters/eks-client.yaml", "traefik/values-common.yaml",
                "base/namespace.yaml", "base/mongodb-options.env", "overlays/eks/storage/storageclass.yaml")) {
            assertTrue(Files.isRegularFile(Repo.k8s().resolve(file)), file);
        }
        assertTrue(readme.contains("k8s/clusters/eks-server.yaml"));
    }

    @Test
    void noWaitHangsOnAFailedJob() throws IOException {
        String readme = Files.readString(README);
        assertFalse(readme.matches("(?s).*\\nkubectl [^\\n]*wait --for=condition=complete.*"),
                "a wait for completion alone waits out its timeout when the Job fails");
        assertFalse(readme.contains("wait --for=condition=Ready pod/refsut-results\n"), "every wait is bounded");
    }

    /** Runs the README's own wait_job with a stub kubectl that reports a Job's conditions. */
    @ParameterizedTest(name = "{0} -> exit {1}")
    @CsvSource({"Complete, 0", "'SuccessCriteriaMet Complete', 0", "'FailureTarget Failed', 1", "'', 1"})
    void waitJobEndsOnCompletionAndOnFailure(String conditions, int exit) throws Exception {
        String readme = Files.readString(README);
        int start = readme.indexOf("wait_job() {");
        int end = readme.indexOf("\n}\n", start);
        assertTrue(start > 0 && end > start, "k8s/README.md defines wait_job");
        String function = readme.substring(start, end + 3);
        Path bin = Files.createTempDirectory("stub-kubectl");
        try {
            Files.writeString(bin.resolve("kubectl"), "#!/bin/sh\ncase \"$*\" in *jsonpath*) printf '%s' \"$STUB_CONDITIONS\";; esac\n");
            Files.writeString(bin.resolve("sleep"), "#!/bin/sh\nexit 0\n");
            bin.resolve("kubectl").toFile().setExecutable(true);
            bin.resolve("sleep").toFile().setExecutable(true);
            // A Job with an outcome must end on the first look (a long bound: no timing); one without ends at its bound (0 s).
            String bound = conditions.isEmpty() ? "0" : "600";
            ProcessBuilder builder = new ProcessBuilder("bash", "-c", function + "wait_job refsut-run " + bound)
                    .redirectErrorStream(true);
            builder.environment().put("PATH", bin + ":" + System.getenv("PATH"));
            builder.environment().put("STUB_CONDITIONS", conditions);
            Process process = builder.start();
            String output = new String(process.getInputStream().readAllBytes());
            assertTrue(process.waitFor(20, TimeUnit.SECONDS), "wait_job ends: " + output);
            assertEquals(exit, process.exitValue(), "conditions «" + conditions + "»: " + output);
        } finally {
            for (String file : List.of("kubectl", "sleep")) {
                Files.deleteIfExists(bin.resolve(file));
            }
            Files.delete(bin);
        }
    }
}
