package io.refsut.loadtest.run;

import com.typesafe.config.ConfigFactory;
import io.gatling.app.Gatling$;
import io.gatling.javaapi.core.Simulation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/** Runs one Gatling simulation in this JVM and finds the run folder it wrote. */
public final class GatlingRunner {

    /** Gatling's exit status when the run completed but an assertion failed. */
    public static final int ASSERTIONS_FAILED = 2;

    /** The outcome: Gatling's status code (0 = success) and its run folder (with simulation.log and the report). */
    public record Result(int statusCode, Path runDirectory) {
        public boolean assertionsFailed() {
            return statusCode == ASSERTIONS_FAILED;
        }
    }

    static {
        OfflinePreferences.install();
    }

    private GatlingRunner() {
    }

    /**
     * Sets {@code properties} as system properties (the simulations and Gatling's configuration read them), runs
     * {@code simulation} writing into {@code resultsFolder} and returns the new run folder.
     */
    public static synchronized Result run(Class<? extends Simulation> simulation, Path resultsFolder,
            String description, Map<String, String> properties) throws IOException {
        properties.forEach(System::setProperty);
        // Gatling reads its configuration through Typesafe Config, which caches system properties
        ConfigFactory.invalidateCaches();
        Files.createDirectories(resultsFolder);
        Set<Path> before = folders(resultsFolder);
        int status = Gatling$.MODULE$.fromArgs(new String[] {
            "-s", simulation.getName(),
            "-rf", resultsFolder.toAbsolutePath().toString(),
            "-rd", description,
            "-l", "refsut"
        });
        Path created = null;
        for (Path folder : folders(resultsFolder)) {
            if (!before.contains(folder) && Files.exists(folder.resolve("simulation.log"))) {
                created = folder;
            }
        }
        if (created == null) {
            throw new IOException("Gatling (status " + status + ") wrote no run folder with a simulation.log into "
                    + resultsFolder);
        }
        return new Result(status, created);
    }

    private static Set<Path> folders(Path parent) throws IOException {
        try (Stream<Path> stream = Files.list(parent)) {
            Set<Path> result = new HashSet<>();
            stream.filter(Files::isDirectory).forEach(result::add);
            return result;
        }
    }
}
