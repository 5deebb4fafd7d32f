package io.refsut.loadtest.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

class MachineCpuTest {

    @Test
    void busyLeavesOutIdleIowaitAndStealAndCountsGuestTimeOnce() {
        // cpu user nice system idle iowait irq softirq steal guest guest_nice (ticks of 10 ms)
        MachineCpu cpu = MachineCpu.parse("cpu  1000 10 200 5000 40 5 15 300 77 0");
        assertEquals((1000 + 10 + 200 + 5 + 15) * 10_000L, cpu.busyMicros());
        assertEquals(300 * 10_000L, cpu.stealMicros());
        assertEquals((1230 + 5000 + 40 + 300) * 10_000L, cpu.totalMicros());
    }

    @Test
    void aPhaseReportsBusyAndStolenCoresAndTheStolenShareOfWhatWasWanted() {
        MachineCpu before = MachineCpu.parse("cpu 1000 0 0 1000 0 0 0 100 0 0");
        // 10 s later on 2 cores: 9 s busy, 3 s stolen, the rest idle
        MachineCpu after = MachineCpu.parse("cpu 1900 0 0 1800 0 0 0 400 0 0");
        assertEquals(0.9, after.busyCoresSince(before, 10), 1e-9);
        assertEquals(0.3, after.stealCoresSince(before, 10), 1e-9);
        assertEquals(0.25, after.stealShareSince(before), 1e-9);
        assertEquals(Map.of("seconds", 10.0, "busyCores", 0.9, "stealCores", 0.3, "stealPct", 25.0),
                after.describeSince(before, 10));
    }

    @Test
    void anIdleIntervalStealsNothing() {
        MachineCpu sample = MachineCpu.parse("cpu 5 0 0 9 0 0 0 0");
        assertEquals(0, sample.stealShareSince(sample));
    }

    @Test
    void otherLinesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> MachineCpu.parse("cpu0 1 2 3 4 5 6 7 8"));
        assertThrows(IllegalArgumentException.class, () -> MachineCpu.parse("cpu 1 2 3"));
    }
}
