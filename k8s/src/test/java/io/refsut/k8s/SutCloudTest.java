package io.refsut.k8s;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Issue 13, "one command for a cluster run": k8s/sut-cloud --dry-run prints what it would do, per overlay, and no secret. */
class SutCloudTest {

    private static final Path SCRIPT = Repo.k8s().resolve("sut-cloud");
    private static final String SECRET = "s3cr3t-Pa55word";
    private static final String URI = "mongodb+srv://refsut:" + SECRET + "@cluster0.example.mongodb.net/";

    record Output(int exit, String text, List<String> commands, Map<String, Manifests> applied) {
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.refsut.k8s.Cloud#all")
    void dryRunPrintsTheCommandsAndManifestsOfTheOverlayAndNoSecret(Cloud cloud) throws Exception {
        Output out = run(Map.of("MONGODB_URI", URI), "--cloud", cloud.id(), "--server-context", "srv-" + cloud,
                "--client-context", "cli-" + cloud, "--label", cloud + "-m30", "--executions", "2", "--injectors", "3",
                "--label-set", "tier=M30", "--label-set", "price=0.34", "--rate", "60", "--target", "https://gateway.example.test", "--dry-run");
        assertEquals(0, out.exit(), out.text());
        assertFalse(out.text().contains(SECRET), "the connection string is never printed");
        assertFalse(out.text().contains("cluster0.example.mongodb.net"), "nor any part of it");

        String helm = out.commands().stream().filter(c -> c.contains("upgrade --install traefik")).findFirst().orElseThrow();
        assertTrue(helm.contains("--kube-context srv-" + cloud) && helm.contains("--version " + TraefikChartTest.CHART_VERSION)
                && helm.contains("traefik/values-common.yaml") && helm.endsWith("traefik/values-" + cloud + ".yaml"), helm);
        for (String command : out.commands()) {
            if (command.startsWith("kubectl ")) {
                assertTrue(command.startsWith("kubectl --context srv-" + cloud + " ") || command.startsWith("kubectl --context cli-" + cloud + " "),
                        "every kubectl command names its cluster: " + command);
            }
        }
        assertTrue(out.commands().stream().anyMatch(c -> c.contains("create secret generic refsut-mongodb")
                && c.contains("--from-file=connectionString=<$MONGODB_URI>")), "the Secret's source is named, not its value");

        Manifests server = out.applied().get("srv-" + cloud + " overlays/" + cloud);
        assertNotNull(server, "applies overlays/" + cloud + " on the server cluster: " + out.applied().keySet());
        Map<String, String> images = ImagesTest.componentNames(cloud.id());
        for (Deployment deployment : server.of(Deployment.class)) {
            assertEquals("server", deployment.getSpec().getTemplate().getSpec().getNodeSelector().get(cloud.nodeLabel()),
                    cloud + " " + deployment.getMetadata().getName() + " node pool");
        }
        List<Manifests> client = new ArrayList<>();
        out.applied().forEach((key, manifests) -> {
            if (key.startsWith("cli-" + cloud + " ")) {
                client.add(manifests);
            }
        });
        assertEquals(5, client.size(), "setup, load, two executions, the reader (twice, same key): " + out.applied().keySet());
        for (Manifests m : List.of(server, client.get(0), client.get(1), client.get(2))) {
            for (Workloads.Pod pod : Workloads.pods(m)) {
                for (Container container : pod.allContainers()) {
                    String repository = ImagesTest.repository(container.getImage());
                    assertTrue(images.containsValue(repository), cloud + " " + pod.owner() + " image " + container.getImage());
                }
            }
        }
        PersistentVolumeClaim results = out.applied().get("cli-" + cloud + " overlays/" + cloud + "/loadtest")
                .get(PersistentVolumeClaim.class, "refsut-results");
        assertEquals(cloud.storageClass(), results.getSpec().getStorageClassName());

        Job load = out.applied().get("cli-" + cloud + " load").get(Job.class, "refsut-load");
        assertEquals("https://gateway.example.test", env(load).get("SUT_TARGET"));
        for (int execution = 1; execution <= 2; execution++) {
            Job run = out.applied().get("cli-" + cloud + " run-" + execution).get(Job.class, "refsut-run");
            Map<String, String> env = env(run);
            assertEquals(3, run.getSpec().getParallelism());
            assertEquals(3, run.getSpec().getCompletions());
            assertEquals("3", env.get("SUT_INJECTORS"), "SUT_INJECTORS equals parallelism");
            assertEquals("60", env.get("SUT_TOTAL_RATE"));
            assertEquals(cloud + "-m30-exec" + execution, env.get("SUT_RUN_LABEL"));
            assertEquals("true", env.get("SUT_SKIP_LOAD"), "the run phase only: sut run --skip-load");
            assertEquals(Integer.toString(execution), env.get("SUT_EXECUTION"), "the execution number, its own field");
            assertEquals("$(JOB_COMPLETION_INDEX)", env.get("SUT_INJECTOR"), "each pod's injector index");
            assertEquals("cloud=" + cloud + ",tier=M30,price=0.34", env.get("SUT_LABEL_SET"),
                    "the label set, with the cloud, reaches every run.json");
            for (String shared : List.of("SUT_TARGET", "SUT_SEED", "SUT_RECORDS", "SUT_TLS_TRUST", "SUT_LABEL_SET")) {
                assertEquals(env(load).get(shared), env.get(shared), "load and run agree on " + shared);
            }
            List<String> names = run.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv().stream().map(EnvVar::getName).toList();
            for (String dependent : List.of("SUT_LABEL", "SUT_RESULTS_DIR", "SUT_INJECTOR")) {
                assertTrue(names.indexOf("SUT_RUN_LABEL") < names.indexOf(dependent)
                        && names.indexOf("JOB_COMPLETION_INDEX") < names.indexOf(dependent), dependent + " expands variables defined before it");
            }
        }
        assertTrue(out.commands().stream().anyMatch(c -> c.contains("sut report ") && c.contains(cloud + "-m30-exec2/merged")),
                "each execution is merged with sut report");
        assertTrue(out.commands().stream().anyMatch(c -> c.contains("sut compare ") && c.contains(cloud + "-m30-exec1/merged")
                && c.contains(cloud + "-m30-exec2/merged")), "the executions are compared with sut compare");
        int lastLoad = out.commands().indexOf(out.commands().stream().filter(c -> c.startsWith("wait for job/refsut-load")).findFirst().orElseThrow());
        int firstRun = out.commands().indexOf(out.commands().stream().filter(c -> c.endsWith("/run-1")).findFirst().orElseThrow());
        assertTrue(lastLoad < firstRun, "the run starts after the load phase ended");
    }

    @Test
    void dryRunWithTheInClusterMongoDbNeedsNoConnectionString() throws Exception {
        Output out = run(Map.of(), "--cloud", "gke", "--in-cluster-mongodb", "--dry-run", "up");
        assertEquals(0, out.exit(), out.text());
        assertTrue(out.applied().containsKey("refsut-server overlays/mongodb-in-cluster/gke"), out.applied().keySet().toString());
        assertFalse(out.text().contains("create secret generic refsut-mongodb"));
    }

    @Test
    void teardownDryRunDeletesWhatTheScriptCreates() throws Exception {
        Output out = run(Map.of(), "--cloud", "aks", "--teardown", "--dry-run");
        assertEquals(0, out.exit(), out.text());
        assertTrue(out.commands().contains("kubectl --context refsut-client delete namespace refsut-loadtest --ignore-not-found"), out.text());
        assertTrue(out.commands().stream().anyMatch(c -> c.startsWith("kubectl --context refsut-server delete -k ") && c.endsWith("overlays/aks --ignore-not-found")));
        assertTrue(out.commands().contains("helm --kube-context refsut-server uninstall traefik --namespace traefik --ignore-not-found"));
    }

    @Test
    void badOptionsExitWithTwoAndSayWhy() throws Exception {
        assertEquals(2, run(Map.of(), "--cloud", "azure", "--dry-run").exit());
        Output noSecret = run(Map.of(), "--cloud", "aks", "--dry-run");
        assertEquals(2, noSecret.exit());
        assertTrue(noSecret.text().contains("$MONGODB_URI"), noSecret.text());
        assertEquals(2, run(Map.of("MONGODB_URI", URI), "--cloud", "aks", "--injectors", "0", "--dry-run").exit());
        Output help = run(Map.of(), "--help");
        assertEquals(0, help.exit());
        for (String option : List.of("--server-context", "--client-context", "--cloud", "--mongodb-uri-env", "--mongodb-uri-file",
                "--label", "--label-set", "--executions", "--injectors", "--teardown", "--dry-run")) {
            assertTrue(help.text().contains(option), "--help documents " + option);
        }
    }

    private static Map<String, String> env(Job job) {
        Map<String, String> env = new java.util.LinkedHashMap<>();
        for (EnvVar variable : job.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv()) {
            env.put(variable.getName(), variable.getValue());
        }
        return env;
    }

    /**
     * Runs the script. Commands are the lines it prints with "+ "; the manifests it renders for an apply follow that
     * line, indented by four spaces, and are keyed "CONTEXT DIR" with DIR relative to k8s/ (or the generated step name).
     */
    private static Output run(Map<String, String> environment, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", SCRIPT.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().remove("MONGODB_URI");
        builder.environment().putAll(environment);
        Process process = builder.start();
        String text = new String(process.getInputStream().readAllBytes());
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "sut-cloud finishes");
        List<String> commands = new ArrayList<>();
        Map<String, Manifests> applied = new java.util.LinkedHashMap<>();
        String key = null;
        StringBuilder yaml = new StringBuilder();
        for (String line : (text + "\n.").split("\n")) {
            if (key != null && line.startsWith("    ")) {
                yaml.append(line.substring(4)).append('\n');
                continue;
            }
            if (key != null) {
                applied.put(key, Manifests.parse(yaml.toString()));
                key = null;
                yaml.setLength(0);
            }
            if (line.startsWith("+ ")) {
                String printed = line.substring(2);
                commands.add(printed);
                var apply = java.util.regex.Pattern.compile("kubectl --context (\\S+) apply -k (\\S+)").matcher(printed);
                if (apply.matches()) {
                    String dir = apply.group(2);
                    int k8s = dir.lastIndexOf("/k8s/overlays/");
                    String name = dir.contains("/target/sut-cloud.") ? dir.substring(dir.lastIndexOf('/') + 1)
                            : k8s >= 0 ? dir.substring(k8s + "/k8s/".length()) : dir;
                    key = apply.group(1) + " " + name;
                }
            }
        }
        return new Output(process.exitValue(), text, commands, applied);
    }
}
