package io.refsut.loadtest.bench;

import io.refsut.loadtest.stack.StackException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
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

    /** Starts the store with {@code jvmOptions}, logging to {@code log}; waits for its connection string. */
    static StoreProcess start(List<String> jvmOptions, Path log) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(EmbeddedMongoMain.class.getName());
        try {
            Process process = new ProcessBuilder(command).redirectError(log.toFile()).start();
            BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            String line = out.readLine();
            if (line == null || !line.startsWith("mongodb://")) {
                process.destroyForcibly();
                throw new StackException("the embedded MongoDB process did not start (see " + log + "): " + line);
            }
            return new StoreProcess(process, line.trim());
        } catch (IOException e) {
            throw new StackException("cannot start the embedded MongoDB process: " + e.getMessage(), e);
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
