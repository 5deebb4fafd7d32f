package io.refsut.loadtest.cli;

import io.refsut.loadtest.stack.LocalStack;
import io.refsut.loadtest.stack.Ports;
import java.nio.file.Path;
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

    @Option(names = "--service-jvm-options", defaultValue = "${SUT_SERVICE_JVM_OPTIONS:-" + LocalStack.SERVICE_JVM_OPTIONS + "}",
            paramLabel = "OPTS",
            description = "JVM options of each of the five service processes (env SUT_SERVICE_JVM_OPTIONS; default: "
                    + "${DEFAULT-VALUE}).")
    String serviceJvmOptions;

    @Option(names = "--data-service-jvm-options", defaultValue = "${SUT_DATA_SERVICE_JVM_OPTIONS:-"
            + LocalStack.DATA_SERVICE_JVM_OPTIONS + "}", paramLabel = "OPTS",
            description = "JVM options the four data services add after --service-jvm-options; the default C1-only JIT "
                    + "keeps a local run's warm-up short, while the orchestrator compiles with C2 (docs/performance.md); "
                    + "--data-service-jvm-options= gives all five tiered C2 (env SUT_DATA_SERVICE_JVM_OPTIONS; default: "
                    + "${DEFAULT-VALUE}).")
    String dataServiceJvmOptions;

    @Option(names = "--start-timeout", defaultValue = "${SUT_START_TIMEOUT:-180s}", paramLabel = "DURATION",
            description = "How long to wait for every service to be ready (env SUT_START_TIMEOUT; default: ${DEFAULT-VALUE}).")
    String startTimeout;

    /** The MongoDB URI from the option, else from {@code MONGODB_URI}; blank = embedded. */
    String effectiveMongodbUri() {
        return LocalStack.mongodbUri(mongodbUri, System::getenv);
    }

    LocalStack.Settings settings(Path logDir) {
        return new LocalStack.Settings(home, logDir, effectiveMongodbUri(), Ports.parse(ports),
                LocalStack.splitOptions(serviceJvmOptions), LocalStack.splitOptions(dataServiceJvmOptions),
                Durations.parse(startTimeout));
    }
}
