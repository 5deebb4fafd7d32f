package io.refsut.loadtest.reliability;

import io.refsut.loadtest.stack.Signals;
import io.refsut.loadtest.stack.StackException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The embedded MongoDB stand-in in a JVM of its own ({@link PersistentMongoMain}) on a fixed loopback port and a
 * data file, so that a fault scenario can kill it (SIGKILL) and start it again with the data it had.
 */
final class DatabaseProcess implements AutoCloseable {

    static final String DESCRIPTION = "embedded mongo-java-server in its own process on a file (H2 MVStore backend, "
            + "every write committed before it is acknowledged; a wire-compatible stand-in, not MongoDB: no replica "
            + "set, so no retryable writes; its latencies are not a database's)";

    private final Path dataFile;
    private final Path log;
    private final int port;
    private Process process;
    private final Thread shutdownHook = new Thread(this::stop, "sut-database-shutdown");

    private DatabaseProcess(Path dataFile, Path log, int port) {
        this.dataFile = dataFile;
        this.log = log;
        this.port = port;
    }

    /** Starts the server on {@code port} with its data in {@code dir}; returns once it accepts connections. */
    static DatabaseProcess start(Path dir, int port) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new StackException("cannot create " + dir + ": " + e.getMessage(), e);
        }
        DatabaseProcess database = new DatabaseProcess(dir.resolve("mongo.mv.db"), dir.resolve("mongo.log"), port);
        database.launch();
        Runtime.getRuntime().addShutdownHook(database.shutdownHook);
        return database;
    }

    String connectionString() {
        return "mongodb://127.0.0.1:" + port;
    }

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process != null && process.isAlive();
    }

    /** Sends the signal ({@code STOP}, {@code CONT}) to the process. */
    void signal(String signal) {
        Signals.send(pid(), signal);
    }

    /** SIGKILL, then waits until the process is gone. */
    void kill() {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Starts the server again on the same port and file; returns once it accepts connections. */
    void restart() {
        if (isAlive()) {
            throw new IllegalStateException("the database still runs");
        }
        launch();
    }

    private void launch() {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-cp", System.getProperty("java.class.path"), PersistentMongoMain.class.getName(),
                dataFile.toAbsolutePath().toString(), Integer.toString(port));
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        } catch (IOException e) {
            throw new StackException("cannot start the database process: " + e.getMessage(), e);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
                return;
            } catch (IOException e) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    throw new StackException("the database process did not listen on port " + port + "; see " + log);
                }
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new StackException("interrupted while starting the database");
            }
        }
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down and runs the hook itself
        }
        stop();
    }

    private synchronized void stop() {
        if (process != null && process.isAlive()) {
            process.destroy();
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
