package io.refsut.loadtest.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.refsut.loadtest.stack.LocalStack;
import io.refsut.loadtest.stack.Ports;
import io.refsut.loadtest.stack.ServiceSpec;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A data service given a MongoDB connection string with a password never shows that password: not in its log,
 * not in an error body, not in its health or metrics output; and the CLI's redaction removes it from what it records.
 */
class SecretsIT {

    private static final String PASSWORD = "Pw-" + UUID.randomUUID().toString().substring(0, 12);

    @TempDir
    Path dir;

    @Test
    void mongodbPasswordAppearsInNoLogBodyHealthOrMetricsOutput() throws Exception {
        Path home = Path.of(System.getProperty("sut.repo.root", "..")).toAbsolutePath().normalize();
        ServiceSpec accounts = ServiceSpec.ALL.get(0);
        MongoServer mongo = new MongoServer(new MemoryBackend());
        mongo.bind("127.0.0.1", 0);
        int mongoPort = mongo.getLocalAddress().getPort();
        String uri = "mongodb://refsut:" + PASSWORD + "@127.0.0.1:" + mongoPort + "/?authSource=admin";
        Ports ports = Ports.parse("auto");
        int http = ports.choose(0, "http");
        int management = ports.choose(0, "management");
        Path log = dir.resolve("accounts.log");
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx128m", "-jar", home.resolve(accounts.jar()).toString());
        builder.environment().put("QUARKUS_HTTP_HOST", "127.0.0.1");
        builder.environment().put("QUARKUS_MANAGEMENT_HOST", "127.0.0.1");
        builder.environment().put("QUARKUS_HTTP_PORT", Integer.toString(http));
        builder.environment().put("QUARKUS_MANAGEMENT_PORT", Integer.toString(management));
        builder.environment().put("QUARKUS_MONGODB_CONNECTION_STRING", uri);
        builder.environment().put("QUARKUS_MONGODB_SERVER_SELECTION_TIMEOUT", "2s");
        Process process = builder.redirectErrorStream(true).redirectOutput(log.toFile()).start();
        List<String> outputs = new ArrayList<>();
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        try {
            String live = "http://127.0.0.1:" + management + "/q/health/live";
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
            while (!answers(client, live)) {
                assertTrue(process.isAlive(), "the service exited: " + Files.readString(log));
                assertTrue(System.nanoTime() < deadline, "the service did not start");
                Thread.sleep(250);
            }
            String api = "http://127.0.0.1:" + http + "/accounts";
            outputs.add(send(client, HttpRequest.newBuilder(URI.create(api + "/" + UUID.randomUUID())).GET()));
            outputs.add(send(client, HttpRequest.newBuilder(URI.create(api)).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"owner\":\"Ada\",\"currency\":\"EUR\","
                            + "\"status\":\"ACTIVE\"}"))));
            outputs.add(send(client, HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + management
                    + "/q/health/ready")).GET()));
            outputs.add(send(client, HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + management
                    + "/q/metrics")).GET()));
        } finally {
            process.destroy();
            if (!process.waitFor(15, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
            mongo.shutdownNow();
        }
        outputs.add(Files.readString(log));
        outputs.add(LocalStack.redact(uri));
        assertFalse(outputs.get(outputs.size() - 2).isBlank(), "the service wrote no log");
        String encoded = URLEncoder.encode(PASSWORD, StandardCharsets.UTF_8);
        for (String output : outputs) {
            assertFalse(output.contains(PASSWORD) || output.contains(encoded),
                    "the password shows in: " + output.substring(0, Math.min(2000, output.length())));
        }
        assertEquals("mongodb://***@127.0.0.1:" + mongoPort + "/?authSource=admin",
                LocalStack.redact(uri));
    }

    private static boolean answers(HttpClient client, String url) {
        try {
            return client.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(2)).GET().build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static String send(HttpClient client, HttpRequest.Builder request) throws Exception {
        HttpResponse<String> response = client.send(request.timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
        return response.statusCode() + " " + response.headers().map() + " " + response.body();
    }
}
