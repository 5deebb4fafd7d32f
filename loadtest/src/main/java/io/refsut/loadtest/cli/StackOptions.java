package io.refsut.loadtest.cli;

import io.refsut.loadtest.stack.LocalStack;
import io.refsut.loadtest.stack.Ports;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine.Option;

/** Options of the local stack, shared by {@code run} and {@code stack}. */
public final class StackOptions {

    @Option(names = "--home", defaultValue = "${SUT_HOME:-.}", paramLabel = "DIR",
            description = "Repository root holding the packaged services (env SUT_HOME; default: ${DEFAULT-VALUE}).")
    Path home;

    @Option(names = "--mongodb-uri", defaultValue = "${SUT_MONGODB_URI:-}", paramLabel = "URI",
            description = "MongoDB for the services (Atlas mongodb+srv://..., a local mongod); empty = start the "
                    + "embedded stand-in (env SUT_MONGODB_URI or MONGODB_URI; default: embedded).")
    String mongodbUri;

    @Option(names = "--ports", defaultValue = "${SUT_PORTS:-contract}", paramLabel = "contract|auto|from:PORT",
            description = "Service ports: the contract's (8443, 8080, 8082-8085, 9000, 9002-9005), free ones, or 11 "
                    + "consecutive ones from PORT (env SUT_PORTS; default: ${DEFAULT-VALUE}).")
    String ports;

    @Option(names = "--service-jvm-options", defaultValue = "${SUT_SERVICE_JVM_OPTIONS:--Xms64m -Xmx256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1}",
            paramLabel = "OPTS",
            description = "JVM options of each service process; the default serial GC and C1-only JIT halve the services' CPU "
                    + "per request on a small machine (docs/performance.md) (env SUT_SERVICE_JVM_OPTIONS; default: ${DEFAULT-VALUE}).")
    String serviceJvmOptions;

    @Option(names = "--start-timeout", defaultValue = "${SUT_START_TIMEOUT:-180s}", paramLabel = "DURATION",
            description = "How long to wait for every service to be ready (env SUT_START_TIMEOUT; default: ${DEFAULT-VALUE}).")
    String startTimeout;

    /** The MongoDB URI from the option, else from {@code MONGODB_URI}; blank = embedded. */
    String effectiveMongodbUri() {
        if (mongodbUri != null && !mongodbUri.isBlank()) {
            return mongodbUri;
        }
        String fromEnv = System.getenv("MONGODB_URI");
        return fromEnv == null ? "" : fromEnv;
    }

    LocalStack.Settings settings(Path logDir) {
        List<String> jvm = Arrays.stream(serviceJvmOptions.trim().split("\\s+")).filter(s -> !s.isEmpty()).toList();
        return new LocalStack.Settings(home, logDir, effectiveMongodbUri(), Ports.parse(ports), jvm,
                Durations.parse(startTimeout));
    }
}
