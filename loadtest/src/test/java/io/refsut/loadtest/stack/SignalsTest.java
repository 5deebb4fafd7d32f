package io.refsut.loadtest.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;

/** {@link Signals}: what the freeze scenarios of {@code sut reliability} send to a service or the database. */
class SignalsTest {

    @Test
    void stopsAndContinuesAProcess() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self")), "needs /proc to read a process's state");
        Process sleeper = new ProcessBuilder("sleep", "30").start();
        try {
            Signals.send(sleeper.pid(), "STOP");
            assertEquals('T', awaitState(sleeper.pid(), 'T'));
            Signals.send(sleeper.pid(), "CONT");
            assertEquals('S', awaitState(sleeper.pid(), 'S'));
        } finally {
            sleeper.destroyForcibly();
        }
    }

    @Test
    void failsWhenKillDoes() {
        long pid = Integer.MAX_VALUE - 1; // above any pid_max Linux allows (2^22)
        StackException e = assertThrows(StackException.class, () -> Signals.send(pid, "CONT"));
        assertEquals("kill -CONT " + pid + " failed", e.getMessage());
    }

    /** The state letter of {@code /proc/<pid>/stat} once it is {@code wanted}, or the last one read within 5 s. */
    private static char awaitState(long pid, char wanted) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        char state;
        do {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            state = stat.charAt(stat.lastIndexOf(')') + 2);
            if (state == wanted) {
                return state;
            }
            Thread.sleep(20);
        } while (System.nanoTime() < deadline);
        return state;
    }
}
