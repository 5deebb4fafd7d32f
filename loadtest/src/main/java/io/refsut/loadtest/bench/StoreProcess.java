package io.refsut.loadtest.bench;

import io.refsut.loadtest.stack.StackException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** {@link EmbeddedMongoMain} started as a child JVM with this JVM's class path. */
final class StoreProcess implements AutoCloseable {

    private final Process process;
    private final String connectionString;

    private StoreProcess(Process process, String connectionString) {
        this.process = process;
        this.connectionString = connectionString;
    }

    /**
     * Starts the store with {@code jvmOptions}, its output and errors going to {@code log}; waits for its connection
     * string, the first line that is one (the JVM may print before it, e.g. JFR's start notice with
     * {@code -XX:StartFlightRecording}).
     */
    static StoreProcess start(List<String> jvmOptions, Path log) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(EmbeddedMongoMain.class.getName());
        Process process = null;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
            BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            Writer logWriter = Files.newBufferedWriter(log, StandardCharsets.UTF_8);
            String line;
            while ((line = out.readLine()) != null && !line.startsWith("mongodb://")) {
                logWriter.write(line + System.lineSeparator());
            }
            logWriter.flush();
            if (line == null) {
                logWriter.close();
                process.destroyForcibly();
                throw new StackException("the embedded MongoDB process did not start (see " + log + ")");
            }
            Thread drain = new Thread(() -> copy(out, logWriter), "store-log");
            drain.setDaemon(true);
            drain.start();
            return new StoreProcess(process, line.trim());
        } catch (IOException e) {
            if (process != null) {
                process.destroyForcibly();
            }
            throw new StackException("cannot start the embedded MongoDB process: " + e.getMessage(), e);
        }
    }

    /** The rest of the store's output into its log, until the process ends (so that a full pipe never blocks it). */
    private static void copy(BufferedReader out, Writer log) {
        try (out; log) {
            String line;
            while ((line = out.readLine()) != null) {
                log.write(line + System.lineSeparator());
                log.flush();
            }
        } catch (IOException e) {
            // the process ended or the log cannot be written: nothing more to keep
        }
    }

    String connectionString() {
        return connectionString;
    }

    long pid() {
        return process.pid();
    }

    @Override
    public void close() {
        try {
            process.getOutputStream().close();
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(5, TimeUnit.SECONDS);
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
