package io.refsut.loadtest.stack;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** A running service JVM of the local stack, with its ports and log file. */
public record ServiceProcess(ServiceSpec spec, Process process, Path log, int httpPort, int httpsPort,
        int managementPort) {

    public String name() {
        return spec.name();
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** The process's exit code, or null while it runs. */
    public Integer exitCode() {
        return process.isAlive() ? null : process.exitValue();
    }

    /** The last {@code lines} lines of the service's log. */
    public String tail(int lines) {
        if (!Files.exists(log)) {
            return "(no log written)";
        }
        Deque<String> last = new ArrayDeque<>(lines);
        try (Stream<String> stream = Files.lines(log, StandardCharsets.UTF_8)) {
            stream.forEach(line -> {
                if (last.size() == lines) {
                    last.removeFirst();
                }
                last.addLast(line);
            });
        } catch (IOException | java.io.UncheckedIOException e) {
            return "(cannot read " + log + ": " + e.getMessage() + ")";
        }
        return String.join(System.lineSeparator(), last);
    }

    /** Kills the process at once (SIGKILL: no shutdown hooks run) and waits until it has exited. */
    public void kill() {
        process.destroyForcibly();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                throw new StackException(name() + " (pid " + pid() + ") still runs 10 s after SIGKILL");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Sends {@code signal} ({@code STOP}, {@code CONT}, ...) to the process with the system's {@code kill}. */
    public void signal(String signal) {
        Signals.send(pid(), signal);
    }

    /** Stops the process and all its descendants: a graceful signal first, then a kill after {@code graceMillis}. */
    void stop(long graceMillis) {
        List<ProcessHandle> descendants = process.descendants().toList();
        descendants.forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            if (!process.waitFor(graceMillis, TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                process.waitFor(graceMillis, TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        for (ProcessHandle child : descendants) {
            if (child.isAlive()) {
                child.destroyForcibly();
            }
        }
    }
}
