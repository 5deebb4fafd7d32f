package io.refsut.common.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

/** Two writes never carry the same instant, even many in one millisecond from several threads. */
class TimestampsTest {

    @Test
    void instantsAreWholeMillisecondsStrictlyIncreasingAndNeverBehindTheClock() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<List<Instant>>> runs = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                runs.add(pool.submit(() -> {
                    List<Instant> instants = new ArrayList<>();
                    for (int i = 0; i < 5_000; i++) {
                        Instant clock = Instant.ofEpochMilli(System.currentTimeMillis());
                        Instant stamp = Timestamps.now();
                        assertFalse(stamp.isBefore(clock), stamp + " is behind the clock " + clock);
                        instants.add(stamp);
                    }
                    return instants;
                }));
            }
            Set<Instant> all = new HashSet<>();
            for (Future<List<Instant>> run : runs) {
                List<Instant> instants = run.get();
                for (int i = 1; i < instants.size(); i++) {
                    assertTrue(instants.get(i).isAfter(instants.get(i - 1)), "increasing within a thread at " + i);
                }
                instants.forEach(instant -> assertEquals(0, instant.getNano() % 1_000_000, "whole ms: " + instant));
                all.addAll(instants);
            }
            assertEquals(10_000, all.size(), "no instant given twice");
        } finally {
            pool.shutdownNow();
        }
    }
}
