package io.refsut.loadtest.report;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes small logs in Gatling 3.15's binary simulation.log layout, for tests that need exact schedules. */
final class SimulationLogWriter {

    private SimulationLogWriter() {
    }

    static void write(Path file, long start, int rate, int seconds) throws IOException {
        write(file, start, rate, seconds, "io.refsut.loadtest.simulation.RunSimulation");
    }

    /** {@code rate × seconds} users of scenario "run", each one read_account request of 5 ms, sent on schedule. */
    static void write(Path file, long start, int rate, int seconds, String simulationClass) throws IOException {
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file)))) {
            out.writeByte(0);
            string(out, "3.15.0");
            string(out, simulationClass);
            out.writeLong(start);
            string(out, "");
            out.writeInt(1);
            string(out, "run");
            out.writeInt(0);
            boolean first = true;
            for (int k = 0; k < rate * seconds; k++) {
                int at = 10 + k * 1000 / rate;
                out.writeByte(2);
                out.writeInt(0);
                out.writeBoolean(true);
                out.writeInt(at);
                out.writeByte(1);
                out.writeInt(0);
                cached(out, 1, "read_account", first);
                out.writeInt(at + 1);
                out.writeInt(at + 6);
                out.writeBoolean(true);
                cached(out, 2, "", first);
                first = false;
                out.writeByte(2);
                out.writeInt(0);
                out.writeBoolean(false);
                out.writeInt(at + 7);
            }
        }
    }

    private static void cached(DataOutputStream out, int index, String value, boolean define) throws IOException {
        out.writeInt(define ? index : -index);
        if (define) {
            string(out, value);
        }
    }

    private static void string(DataOutputStream out, String value) throws IOException {
        byte[] bytes = value.getBytes(StandardCharsets.ISO_8859_1);
        out.writeInt(bytes.length);
        if (bytes.length > 0) {
            out.write(bytes);
            out.writeByte(0);
        }
    }
}
