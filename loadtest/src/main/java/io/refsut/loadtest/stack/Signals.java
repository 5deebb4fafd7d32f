package io.refsut.loadtest.stack;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/** Signals to a process of the local stack, with the system's {@code kill}: Java sends only SIGTERM and SIGKILL. */
public final class Signals {

    private Signals() {
    }

    /** Sends {@code signal} ({@code STOP}, {@code CONT}, ...) to {@code pid}; fails when {@code kill} does. */
    public static void send(long pid, String signal) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start();
            if (!kill.waitFor(5, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new StackException("kill -" + signal + " " + pid + " failed");
            }
        } catch (IOException e) {
            throw new StackException("cannot run kill -" + signal + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
