package io.refsut.loadtest.cli;

import io.refsut.loadtest.stack.LocalStack;
import io.refsut.loadtest.stack.ServiceProcess;
import io.refsut.loadtest.stack.StackException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code sut stack}: start the local stack only, print its endpoints and keep it up until Ctrl-C. */
@Command(name = "stack", mixinStandardHelpOptions = true,
        description = "Start the embedded MongoDB stand-in and the five services, print their endpoints, and keep "
                + "them running until Ctrl-C (for manual testing).")
public final class StackCommand implements Callable<Integer> {

    @Mixin
    StackOptions stack;

    @Option(names = "--logs", defaultValue = "${SUT_LOGS:-}", paramLabel = "DIR",
            description = "Folder for the service logs (env SUT_LOGS; default: <home>/results/stack-<timestamp>).")
    String logs;

    @Override
    public Integer call() throws InterruptedException {
        Path logDir = logs == null || logs.isBlank()
                ? stack.home.resolve("results").resolve("stack-"
                        + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")))
                : Path.of(logs);
        LocalStack local;
        try {
            local = LocalStack.start(stack.settings(logDir), line -> System.out.println("[sut] " + line));
        } catch (StackException | IllegalArgumentException e) {
            System.err.println("[sut] " + e.getMessage());
            return 1;
        }
        System.out.println("[sut] orchestrator API: " + local.targetUrl() + "/api/v1 (self-signed certificate)");
        for (ServiceProcess service : local.services()) {
            System.out.println("[sut] " + service.name() + ": metrics http://127.0.0.1:" + service.managementPort()
                    + "/q/metrics, log " + service.log());
        }
        System.out.println("[sut] press Ctrl-C to stop everything");
        // the stack's shutdown hook stops the services when Ctrl-C ends the JVM
        new CountDownLatch(1).await();
        return 0;
    }
}
