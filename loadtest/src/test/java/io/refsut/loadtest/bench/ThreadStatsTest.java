package io.refsut.loadtest.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class ThreadStatsTest {

    private static ThreadStats.Sample thread(String name, long runMs, long waitMs, long slices, long preempted) {
        return new ThreadStats.Sample(name, runMs * 1_000_000, waitMs * 1_000_000, slices, preempted);
    }

    private static ThreadStats.Sample thread(String name, long runMs, long waitMs, long slices) {
        return thread(name, runMs, waitMs, slices, 0);
    }

    @Test
    void theNumberedThreadsOfOnePoolAreOneKind() {
        assertEquals("C# CompilerThre", ThreadStats.kind("C2 CompilerThre"));
        assertEquals("C# CompilerThre", ThreadStats.kind("C1 CompilerThre"));
        assertEquals("AsyncGetter-#-t", ThreadStats.kind("AsyncGetter-12-t"));
        assertEquals("vert.x-eventloo", ThreadStats.kind("vert.x-eventloo"));
    }

    @Test
    void eachKindSumsWhatItsThreadsDidInTheWindowPerOperation() {
        Map<String, Map<Long, ThreadStats.Sample>> before = Map.of("accounts", Map.of(
                1L, thread("vert.x-eventloo", 10, 1, 100, 10),
                2L, thread("vert.x-eventloo", 20, 2, 200, 20),
                3L, thread("C1 CompilerThre", 50, 0, 7, 1),
                6L, thread("old-name", 40, 4, 40, 4),
                7L, thread("Finalizer", 1, 0, 3, 0),
                8L, thread("pool-worker", 5, 0, 10, 1)));
        Map<String, Map<Long, ThreadStats.Sample>> after = Map.of("accounts", Map.of(
                1L, thread("vert.x-eventloo", 13, 2, 130, 16), // +3 ms on a core, +1 ms waiting, +30 slices, +6
                2L, thread("vert.x-eventloo", 21, 2, 210, 21), // +1 ms, +10 slices, +1 preempted
                // 3 ended in the window: missing
                4L, thread("C2 CompilerThre", 2, 1, 5, 2), // started in the window: counts from zero
                6L, thread("new-name", 1, 0, 2, 1), // the id of an ended thread, taken by a new one: from zero
                7L, thread("Finalizer", 1, 0, 3, 0), // idle in the window: left out
                8L, thread("new-name", 6, 0, 10, 1))); // renamed itself: +1 ms under its new name
        Map<String, Object> per = ThreadStats.perOperation(before, after, 10);
        @SuppressWarnings("unchecked")
        Map<String, Map<String, Object>> accounts = (Map<String, Map<String, Object>>) per.get("accounts");
        assertEquals(List.of("vert.x-eventloo", "C# CompilerThre", "new-name", ThreadStats.ALL),
                List.copyOf(accounts.keySet()), "kinds in decreasing CPU, the sum last");
        assertEquals(Map.of("cpuUs", 400.0, "runQueueWaitUs", 100.0, "timeSlices", 4.0, "preemptions", 0.7),
                accounts.get("vert.x-eventloo"));
        assertEquals(Map.of("cpuUs", 200.0, "runQueueWaitUs", 100.0, "timeSlices", 0.5, "preemptions", 0.2),
                accounts.get("C# CompilerThre"));
        assertEquals(Map.of("cpuUs", 200.0, "runQueueWaitUs", 0.0, "timeSlices", 0.2, "preemptions", 0.1),
                accounts.get("new-name"));
        assertEquals(Map.of("cpuUs", 800.0, "runQueueWaitUs", 200.0, "timeSlices", 4.7, "preemptions", 1.0),
                accounts.get(ThreadStats.ALL));
    }

    @Test
    void preemptionsAreTheInvoluntaryContextSwitchesOfAThreadsStatus() {
        String status = "Name:\tvert.x-eventloo\nState:\tS (sleeping)\nvoluntary_ctxt_switches:\t6637\n"
                + "nonvoluntary_ctxt_switches:\t3535\n";
        assertEquals(3535, ThreadStats.preemptions(status));
        assertEquals(12, ThreadStats.preemptions("nonvoluntary_ctxt_switches:\t12"), "the last line, no newline");
        assertEquals(0, ThreadStats.preemptions("Name:\tx\n"), "a kernel without the field");
    }

    @Test
    void aProcessWhoseThreadsCouldNotBeReadIsLeftOut() {
        Map<String, Object> per = ThreadStats.perOperation(Map.of("store", Map.of(), "audit",
                Map.of(1L, thread("x", 1, 0, 1))), Map.of("store", Map.of(1L, thread("x", 2, 0, 2)), "audit",
                Map.of(1L, thread("x", 2, 0, 2))), 1);
        assertFalse(per.containsKey("store"), per.toString());
        assertTrue(per.containsKey("audit"), per.toString());
        assertTrue(ThreadStats.sample(Long.MAX_VALUE).isEmpty(), "no such process");
    }

    @Test
    void aSampleOfThisProcessHasItsThreadsByName() throws Exception {
        assumeTrue(Files.exists(Path.of("/proc/self/task")), "needs Linux's /proc");
        CountDownLatch busy = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        Thread probe = new Thread(() -> {
            long until = System.nanoTime() + 30_000_000;
            long spins = 0;
            while (System.nanoTime() < until) {
                spins++;
            }
            busy.countDown();
            try {
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            assertTrue(spins > 0);
        }, "thread-stats-probe");
        probe.start();
        try {
            busy.await();
            Map<Long, ThreadStats.Sample> threads = ThreadStats.sample(ProcessHandle.current().pid());
            // the kernel keeps 15 characters of a thread's name
            ThreadStats.Sample sample = threads.values().stream().filter(t -> t.name().equals("thread-stats-pr"))
                    .findFirst().orElseThrow(() -> new AssertionError("no probe thread in " + threads.values()));
            assertTrue(sample.runNanos() > 0 && sample.slices() > 0, sample.toString());
            assertTrue(sample.preemptions() >= 0 && sample.preemptions() <= sample.slices(), sample.toString());
        } finally {
            done.countDown();
            probe.join();
        }
    }
}
