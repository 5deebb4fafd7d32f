package io.refsut.loadtest.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MachineSpeedTest {

    @Test
    void measuresBothFiguresAndLeavesNoEchoThreadBehind() throws IOException {
        MachineSpeed speed = MachineSpeed.measure();

        assertTrue(speed.cpuLoopNs() > 0 && Double.isFinite(speed.cpuLoopNs()), speed.toString());
        assertTrue(speed.loopbackRoundTripUs() > 0 && Double.isFinite(speed.loopbackRoundTripUs()), speed.toString());
        if (MachineSpeed.NULL_DEVICE.exists()) {
            assertTrue(speed.systemCallNs() > 0 && Double.isFinite(speed.systemCallNs()), speed.toString());
        } else {
            assertTrue(Double.isNaN(speed.systemCallNs()), speed.toString());
        }
        assertTrue(speed.roundTrips() >= MachineSpeed.BURSTS
                && speed.roundTrips() <= MachineSpeed.BURSTS * MachineSpeed.ROUND_TRIPS, speed.toString());
        assertFalse(Thread.getAllStackTraces().keySet().stream()
                .anyMatch(thread -> thread.isAlive() && thread.getName().equals("machine-speed-echo")),
                "an echo thread outlived the measurement");
    }

    @Test
    void reportsOneConsoleLineAndTheFiguresForTheRunFile() {
        List<String> console = new ArrayList<>();

        Map<String, Object> described = MachineSpeed.measureAndReport(console::add);

        assertEquals(1, console.size(), console.toString());
        assertTrue(console.get(0).startsWith("machine speed: loopback round trip p50 "), console.get(0));
        assertEquals(MachineSpeed.NULL_DEVICE.exists()
                ? List.of("cpuLoopNs", "loopbackRoundTripUs", "roundTrips", "systemCallNs", "measured")
                : List.of("cpuLoopNs", "loopbackRoundTripUs", "roundTrips", "measured"),
                List.copyOf(described.keySet()));
        assertTrue(console.get(0).contains(" ns, CPU loop ") == MachineSpeed.NULL_DEVICE.exists(), console.get(0));
        assertTrue(((Number) described.get("loopbackRoundTripUs")).doubleValue() > 0, described.toString());
    }
}
