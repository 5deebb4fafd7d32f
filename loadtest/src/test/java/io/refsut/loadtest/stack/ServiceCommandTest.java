package io.refsut.loadtest.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Which JVM options each service process is started with. */
class ServiceCommandTest {

    private static final Path HOME = Path.of("/repo");

    private static LocalStack.Settings settings(String every, String data) {
        return new LocalStack.Settings(HOME, HOME.resolve("logs"), "", Ports.parse("auto"), LocalStack.splitOptions(every),
                LocalStack.splitOptions(data), Duration.ofSeconds(1));
    }

    private static List<String> options(ServiceSpec spec, LocalStack.Settings settings) {
        List<String> command = LocalStack.command(spec, settings);
        assertEquals(List.of("-jar", HOME.resolve(spec.jar()).toAbsolutePath().toString()),
                command.subList(command.size() - 2, command.size()), "the jar comes last");
        return command.subList(1, command.size() - 2);
    }

    @Test
    void theDataServicesAddTheirOptionsAfterEveryServicesAndTheOrchestratorDoesNot() {
        LocalStack.Settings settings = settings(LocalStack.SERVICE_JVM_OPTIONS, LocalStack.DATA_SERVICE_JVM_OPTIONS);
        for (ServiceSpec spec : ServiceSpec.ALL) {
            List<String> expected = spec.isOrchestrator()
                    ? List.of("-Xms64m", "-Xmx256m", "-XX:+UseSerialGC")
                    : List.of("-Xms64m", "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");
            assertEquals(expected, options(spec, settings), spec.name());
        }
    }

    @Test
    void emptyOrBlankDataServiceOptionsAddNothing() {
        for (String data : new String[] {"", "   ", null}) {
            LocalStack.Settings settings = settings(" -Xmx512m   -XX:+UseSerialGC ", data);
            for (ServiceSpec spec : ServiceSpec.ALL) {
                assertEquals(List.of("-Xmx512m", "-XX:+UseSerialGC"), options(spec, settings), spec.name());
            }
        }
    }
}
