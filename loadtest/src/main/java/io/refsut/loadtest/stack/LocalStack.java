package io.refsut.loadtest.stack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * The whole system on this machine: the embedded MongoDB stand-in (unless a MongoDB URI is given) and the five
 * services as separate JVMs from their packaged jars, each logging to its own file. Stops everything it started on
 * {@link #close()} and, through a shutdown hook, on Ctrl-C.
 */
public final class LocalStack implements AutoCloseable {

    private static final int TAIL_LINES = 40;
    /** How often a line names the services that are not ready yet, and why. */
    private static final Duration READY_PROGRESS = Duration.ofSeconds(15);
    private static final ObjectMapper HEALTH_JSON = new ObjectMapper();
    private static final long STOP_GRACE_MILLIS = 10_000;
    private static final long PORT_RELEASE_MILLIS = 10_000;

    /**
     * Default JVM options of every service: a small heap with the serial collector. The orchestrator keeps the tiered
     * JIT (C1, then C2 for the hot code): it is the busiest process and the only one with TLS.
     */
    public static final String SERVICE_JVM_OPTIONS = "-Xms64m -Xmx256m -XX:+UseSerialGC";

    /**
     * Default JVM options the four data services add in {@code sut run}, {@code sut stack} and {@code sut reliability}
     * (not {@code sut bench}, which measures the services as deployed, all on tiered C2): C1 only, which reaches its
     * steady state within a run's warm-up; tiered C2 in all five services would add about 300 MiB and up to a minute
     * of warm-up (docs/performance.md).
     */
    public static final String DATA_SERVICE_JVM_OPTIONS = "-XX:TieredStopAtLevel=1";

    /**
     * How to start the stack. {@code mongodbUri} null or blank = start the embedded server; {@code jvmOptions} go to
     * every service, {@code dataServiceJvmOptions} after them to the four data services only.
     */
    public record Settings(Path home, Path logDir, String mongodbUri, Ports ports, List<String> jvmOptions,
            List<String> dataServiceJvmOptions, Duration startTimeout) {
    }

    /**
     * Where a command writes its results folders: {@code given} (--results-dir) when set, else {@code <home>/results}.
     */
    public static Path resultsDir(Path home, String given) {
        return given == null || given.isBlank() ? home.resolve("results") : Path.of(given);
    }

    /**
     * The MongoDB URI a command uses: {@code option} (from {@code --mongodb-uri} or {@code SUT_MONGODB_URI}) when it is
     * set, else the environment's {@code MONGODB_URI} (read through {@code env}); blank = the embedded stand-in.
     */
    public static String mongodbUri(String option, UnaryOperator<String> env) {
        if (option != null && !option.isBlank()) {
            return option;
        }
        String fromEnv = env.apply("MONGODB_URI");
        return fromEnv == null ? "" : fromEnv;
    }

    /** Options text split at white space, for the {@code --*-jvm-options} options. */
    public static List<String> splitOptions(String text) {
        return text == null ? List.of() : Arrays.stream(text.trim().split("\\s+")).filter(s -> !s.isEmpty()).toList();
    }

    private final List<ServiceProcess> services = new ArrayList<>();
    private final EmbeddedMongo embeddedMongo;
    private final String mongodbUri;
    private Settings settings;
    private Map<ServiceSpec, int[]> ports;
    private final Thread shutdownHook = new Thread(this::stopAll, "sut-stack-shutdown");
    private boolean closed;

    private LocalStack(EmbeddedMongo embeddedMongo, String mongodbUri) {
        this.embeddedMongo = embeddedMongo;
        this.mongodbUri = mongodbUri;
    }

    /** Starts everything and waits until every service reports ready; on any failure stops what it started. */
    public static LocalStack start(Settings settings, Consumer<String> console) {
        List<Path> missing = new ArrayList<>();
        for (ServiceSpec spec : ServiceSpec.ALL) {
            if (!Files.isRegularFile(settings.home().resolve(spec.jar()))) {
                missing.add(settings.home().resolve(spec.jar()));
            }
        }
        if (!missing.isEmpty()) {
            throw new StackException("service jars are missing: " + missing + " (build them with "
                    + "'./mvnw -B -DskipTests package' in " + settings.home().toAbsolutePath().normalize() + ")");
        }
        boolean embedded = settings.mongodbUri() == null || settings.mongodbUri().isBlank();
        if (!embedded) {
            // a wrong URI fails here in seconds, not after the services' start timeout
            console.accept(MongoProbe.ping(settings.mongodbUri(), MongoProbe.TIMEOUT));
        }
        // the store first, on a free port the services' ports are then chosen around (with --ports auto a port chosen
        // before it could have been the one it then bound)
        EmbeddedMongo mongo = embedded ? EmbeddedMongo.start() : null;
        Map<ServiceSpec, int[]> ports;
        try {
            if (mongo != null) {
                settings.ports().reserve(mongo.port());
            }
            ports = choosePorts(settings.ports());
        } catch (RuntimeException e) {
            if (mongo != null) {
                mongo.close();
            }
            throw e;
        }
        LocalStack stack = new LocalStack(mongo, embedded ? mongo.connectionString() : settings.mongodbUri());
        stack.settings = settings;
        stack.ports = ports;
        Runtime.getRuntime().addShutdownHook(stack.shutdownHook);
        try {
            console.accept(embedded ? "started " + EmbeddedMongo.DESCRIPTION + " at " + mongo.connectionString()
                    : "using MongoDB at " + redact(settings.mongodbUri()));
            Files.createDirectories(settings.logDir());
            for (ServiceSpec spec : ServiceSpec.ALL) {
                stack.services.add(stack.launch(spec, ports, settings));
            }
            stack.awaitReady(settings.startTimeout(), console);
            return stack;
        } catch (RuntimeException | IOException e) {
            stack.close();
            if (e instanceof StackException stackException) {
                throw stackException;
            }
            throw new StackException("cannot start the local stack: " + e.getMessage(), e);
        }
    }

    private static Map<ServiceSpec, int[]> choosePorts(Ports ports) {
        Map<ServiceSpec, int[]> chosen = new LinkedHashMap<>();
        for (ServiceSpec spec : ServiceSpec.ALL) {
            int http = ports.choose(spec.httpPort(), spec.name() + " HTTP");
            int https = spec.isOrchestrator() ? ports.choose(spec.httpsPort(), spec.name() + " HTTPS") : 0;
            int management = ports.choose(spec.managementPort(), spec.name() + " management");
            chosen.put(spec, new int[] {http, https, management});
        }
        return chosen;
    }

    /** The command line of a service: this JVM's java, every service's options, the data services' own, the jar. */
    static List<String> command(ServiceSpec spec, Settings settings) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(settings.jvmOptions());
        if (!spec.isOrchestrator()) {
            command.addAll(settings.dataServiceJvmOptions());
        }
        command.add("-jar");
        command.add(settings.home().resolve(spec.jar()).toAbsolutePath().toString());
        return command;
    }

    private ServiceProcess launch(ServiceSpec spec, Map<ServiceSpec, int[]> ports, Settings settings)
            throws IOException {
        return launch(spec, ports, settings, false);
    }

    private ServiceProcess launch(ServiceSpec spec, Map<ServiceSpec, int[]> ports, Settings settings, boolean append)
            throws IOException {
        int[] own = ports.get(spec);
        ProcessBuilder builder = new ProcessBuilder(command(spec, settings));
        Map<String, String> env = builder.environment();
        env.put("QUARKUS_HTTP_HOST", "127.0.0.1");
        env.put("QUARKUS_MANAGEMENT_HOST", "127.0.0.1");
        env.put("QUARKUS_HTTP_PORT", Integer.toString(own[0]));
        env.put("QUARKUS_MANAGEMENT_PORT", Integer.toString(own[2]));
        if (spec.isOrchestrator()) {
            env.put("QUARKUS_HTTP_SSL_PORT", Integer.toString(own[1]));
            for (ServiceSpec downstream : ServiceSpec.ALL) {
                if (!downstream.isOrchestrator()) {
                    env.put("QUARKUS_REST_CLIENT_" + downstream.name().toUpperCase(java.util.Locale.ROOT) + "_URL",
                            "http://127.0.0.1:" + ports.get(downstream)[0]);
                }
            }
        } else {
            env.put("QUARKUS_MONGODB_CONNECTION_STRING", mongodbUri);
        }
        Path log = settings.logDir().resolve(spec.name() + ".log");
        builder.redirectErrorStream(true).redirectOutput(append ? ProcessBuilder.Redirect.appendTo(log.toFile())
                : ProcessBuilder.Redirect.to(log.toFile()));
        Process process = builder.start();
        return new ServiceProcess(spec, process, log, own[0], own[1], own[2]);
    }

    private void awaitReady(Duration timeout, Consumer<String> console) {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + timeout.toNanos();
        Map<String, Boolean> ready = new HashMap<>();
        Map<String, String> why = new LinkedHashMap<>();
        long start = System.nanoTime();
        long nextProgress = start + READY_PROGRESS.toNanos();
        while (true) {
            for (ServiceProcess service : services) {
                if (ready.containsKey(service.name())) {
                    continue;
                }
                if (!service.isAlive()) {
                    throw new StackException(service.name() + " (" + service.spec().module() + ") exited with code "
                            + service.exitCode() + " while starting; last lines of " + service.log() + ":"
                            + System.lineSeparator() + service.tail(TAIL_LINES));
                }
                String notReady = notReady(client, service);
                why.put(service.name(), notReady);
                if (notReady == null) {
                    ready.put(service.name(), true);
                    console.accept(service.name() + " ready (pid " + service.pid() + ", port "
                            + (service.httpsPort() != 0 ? service.httpsPort() + " https" : service.httpPort() + " http")
                            + ", management " + service.managementPort() + ")");
                }
            }
            if (ready.size() == services.size()) {
                return;
            }
            if (System.nanoTime() > deadline) {
                ServiceProcess late = services.stream().filter(s -> !ready.containsKey(s.name())).findFirst()
                        .orElseThrow();
                throw new StackException(late.name() + " did not become ready within " + timeout.toSeconds()
                        + " s (http://127.0.0.1:" + late.managementPort() + "/q/health/ready: " + why.get(late.name())
                        + "); last lines of " + late.log() + ":" + System.lineSeparator() + late.tail(TAIL_LINES));
            }
            if (System.nanoTime() >= nextProgress) {
                StringBuilder waiting = new StringBuilder();
                why.forEach((name, reason) -> {
                    if (reason != null) {
                        waiting.append(waiting.length() == 0 ? "" : "; ").append(name).append(": ").append(reason);
                    }
                });
                console.accept(String.format(Locale.ROOT, "waiting for the services to report ready "
                        + "(%.0f s of at most %d s): %s", (System.nanoTime() - start) / 1e9, timeout.toSeconds(),
                        waiting));
                nextProgress = System.nanoTime() + READY_PROGRESS.toNanos();
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new StackException("interrupted while waiting for the services");
            }
        }
    }

    private static boolean isReady(HttpClient client, ServiceProcess service) {
        return notReady(client, service) == null;
    }

    /** Null when the service reports ready; else why not: no answer yet, or its health checks that report DOWN. */
    private static String notReady(HttpClient client, ServiceProcess service) {
        HttpRequest request = HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + service.managementPort() + "/q/health/ready"))
                .timeout(Duration.ofSeconds(2)).GET().build();
        try {
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? null : downChecks(response.statusCode(), response.body());
        } catch (IOException e) {
            return "no answer yet";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    /**
     * A health answer that is not ready, in a line: the status, then each check reporting DOWN with its data (the
     * MongoDB check's says why the driver has no server), each cut at 300 characters.
     */
    static String downChecks(int status, String body) {
        StringBuilder text = new StringBuilder("health answered " + status);
        try {
            for (JsonNode check : HEALTH_JSON.readTree(body).path("checks")) {
                if ("UP".equals(check.path("status").asText())) {
                    continue;
                }
                String line = check.path("name").asText("?") + " " + check.path("status").asText("?")
                        + (check.has("data") ? " " + check.get("data") : "");
                text.append(", ").append(line.length() > 300 ? line.substring(0, 300) + "…" : line);
            }
        } catch (IOException | RuntimeException e) {
            // not the health JSON: the status alone
        }
        return text.toString();
    }

    /** The running process of the service called {@code name} ({@code accounts}, ..., {@code orchestrator}). */
    public synchronized ServiceProcess service(String name) {
        return services.stream().filter(s -> s.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no service called '" + name + "'"));
    }

    /** Kills the service called {@code name} at once (SIGKILL, no shutdown hooks) and waits until it is gone. */
    public void kill(String name) {
        service(name).kill();
    }

    /**
     * Starts the service called {@code name} again, after it was killed, on the same ports with the same
     * environment, appending to the same log; returns once it reports ready.
     */
    public ServiceProcess restart(String name, Duration timeout) {
        ServiceProcess old = service(name);
        if (old.isAlive()) {
            throw new IllegalStateException(name + " is still running (pid " + old.pid() + ")");
        }
        ServiceProcess started;
        try {
            started = launch(old.spec(), ports, settings, true);
        } catch (IOException e) {
            throw new StackException("cannot restart " + name + ": " + e.getMessage(), e);
        }
        synchronized (this) {
            if (closed) {
                // the stack was stopped while this one started: it must not outlive the stack
                started.stop(STOP_GRACE_MILLIS);
                throw new StackException("the stack stopped while " + name + " restarted");
            }
            services.set(services.indexOf(old), started);
        }
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!isReady(client, started)) {
            if (!started.isAlive()) {
                throw new StackException(name + " exited with code " + started.exitCode() + " after a restart; last "
                        + "lines of " + started.log() + ":" + System.lineSeparator() + started.tail(TAIL_LINES));
            }
            if (System.nanoTime() > deadline) {
                throw new StackException(name + " did not become ready within " + timeout.toSeconds()
                        + " s after a restart");
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new StackException("interrupted while restarting " + name);
            }
        }
        return started;
    }

    /** The orchestrator's public HTTPS base URL. */
    public String targetUrl() {
        return "https://127.0.0.1:" + orchestrator().httpsPort();
    }

    /** Every service's Prometheus endpoint, by service name. */
    public Map<String, URI> metricsEndpoints() {
        Map<String, URI> endpoints = new LinkedHashMap<>();
        for (ServiceProcess service : services) {
            endpoints.put(service.name(), URI.create("http://127.0.0.1:" + service.managementPort() + "/q/metrics"));
        }
        return endpoints;
    }

    public synchronized List<ServiceProcess> services() {
        return List.copyOf(services);
    }

    public boolean isEmbeddedMongo() {
        return embeddedMongo != null;
    }

    /** The database the services use, credentials removed. */
    public String mongodbDescription() {
        return embeddedMongo != null ? EmbeddedMongo.DESCRIPTION + " at " + mongodbUri : redact(mongodbUri);
    }

    /** The first dead service, if any, with its exit code and log tail; null when all run. */
    public String deadServiceReport() {
        for (ServiceProcess service : services) {
            if (!service.isAlive()) {
                return service.name() + " exited with code " + service.exitCode() + "; last lines of " + service.log()
                        + ":" + System.lineSeparator() + service.tail(TAIL_LINES);
            }
        }
        return null;
    }

    private ServiceProcess orchestrator() {
        return services.stream().filter(s -> s.spec().isOrchestrator()).findFirst()
                .orElseThrow(() -> new IllegalStateException("orchestrator not started"));
    }

    /** {@code uri} with any user info replaced by {@code ***}. */
    public static String redact(String uri) {
        return uri == null ? null : uri.replaceAll("//[^/@]*@", "//***@");
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down and will run the hook itself
        }
        stopAll();
    }

    private synchronized void stopAll() {
        if (closed) {
            return;
        }
        closed = true;
        List<Thread> stoppers = new ArrayList<>();
        for (ServiceProcess service : services) {
            Thread stopper = new Thread(() -> service.stop(STOP_GRACE_MILLIS), "stop-" + service.name());
            stopper.start();
            stoppers.add(stopper);
        }
        for (Thread stopper : stoppers) {
            try {
                stopper.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (embeddedMongo != null) {
            embeddedMongo.close();
        }
        awaitPortsFree();
    }

    /**
     * Waits (at most {@link #PORT_RELEASE_MILLIS}) until every port the stack listened on can be bound again, so that
     * a run started right after this one finds them free.
     */
    private void awaitPortsFree() {
        List<Integer> ports = new ArrayList<>();
        for (ServiceProcess service : services) {
            for (int port : new int[] {service.httpPort(), service.httpsPort(), service.managementPort()}) {
                if (port > 0) {
                    ports.add(port);
                }
            }
        }
        if (embeddedMongo != null) {
            ports.add(embeddedMongo.port());
        }
        long deadline = System.nanoTime() + PORT_RELEASE_MILLIS * 1_000_000;
        for (int port : ports) {
            while (!Ports.isFree(port) && System.nanoTime() < deadline) {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }
}
