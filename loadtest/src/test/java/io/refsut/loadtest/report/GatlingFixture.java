package io.refsut.loadtest.report;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.gatling.app.Gatling$;
import io.refsut.loadtest.run.OfflinePreferences;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Produces a real Gatling 3.15 run folder (binary simulation.log and HTML report) for the tests: a loopback HTTP
 * server in the test JVM and {@link FixtureSimulation} run by Gatling in a child JVM, so that Gatling's system
 * properties, JVM flags and offline preferences cannot leak into other tests.
 */
final class GatlingFixture {

    static final Duration TIMEOUT = Duration.ofSeconds(120);

    private GatlingFixture() {
    }

    /** Runs {@code rate} users/s for {@code seconds} and returns Gatling's run folder under {@code resultsDir}. */
    static Path run(Path resultsDir, int rate, int seconds) throws IOException, InterruptedException {
        ExecutorService executor = Executors.newFixedThreadPool(4);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.setExecutor(executor);
        server.createContext("/ok", exchange -> respond(exchange, 200, "{}"));
        server.createContext("/fail", exchange -> respond(exchange, 503, "{\"status\":503}"));
        server.start();
        try {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            List<String> command = new ArrayList<>(List.of(java, "--add-opens", "java.base/java.lang=ALL-UNNAMED",
                    "-Xmx512m", "-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                    "-D" + FixtureSimulation.BASE_URL + "=http://127.0.0.1:" + server.getAddress().getPort(),
                    "-D" + FixtureSimulation.RATE + "=" + rate, "-D" + FixtureSimulation.SECONDS + "=" + seconds,
                    GatlingFixture.class.getName(), resultsDir.toAbsolutePath().toString()));
            Path output = Files.createTempFile("gatling-fixture", ".log");
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile())
                    .start();
            if (!process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new IOException("Gatling did not finish within " + TIMEOUT + ":\n" + Files.readString(output));
            }
            if (process.exitValue() != 0) {
                throw new IOException("Gatling exited with " + process.exitValue() + ":\n" + Files.readString(output));
            }
        } finally {
            server.stop(0);
            executor.shutdownNow();
        }
        try (Stream<Path> dirs = Files.list(resultsDir)) {
            return dirs.filter(dir -> Files.exists(dir.resolve("simulation.log"))).findFirst()
                    .orElseThrow(() -> new IOException("no Gatling run folder in " + resultsDir));
        }
    }

    private static void respond(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    /** The child JVM: runs {@link FixtureSimulation} into {@code args[0]}; exits with Gatling's status. */
    public static void main(String[] args) {
        OfflinePreferences.install();
        int status = Gatling$.MODULE$.fromArgs(new String[] {"-s", FixtureSimulation.class.getName(), "-rf", args[0],
            "-rd", "fixture", "-l", "test"});
        System.exit(status);
    }
}
