package io.refsut.loadtest.report;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Writes small logs in Gatling 3.15's binary simulation.log layout, for tests that need exact schedules: a header
 * with one scenario "run", then user and request records, times in ms after the start.
 */
public final class SimulationLogWriter implements Closeable {

    private final DataOutputStream out;
    /** Strings already written, by their index; a later use writes the negated index. */
    private final Map<String, Integer> written = new HashMap<>();

    private SimulationLogWriter(Path file, String simulationClass, long start) throws IOException {
        out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file)));
        out.writeByte(0);
        string("3.15.0");
        string(simulationClass);
        out.writeLong(start);
        string("");
        out.writeInt(1);
        string("run");
        out.writeInt(0);
    }

    /** Opens the file and writes the header. */
    public static SimulationLogWriter open(Path file, String simulationClass, long start) throws IOException {
        return new SimulationLogWriter(file, simulationClass, start);
    }

    static void write(Path file, long start, int rate, int seconds) throws IOException {
        write(file, start, rate, seconds, "io.refsut.loadtest.simulation.RunSimulation");
    }

    /** {@code rate × seconds} users of scenario "run", each one read_account request of 5 ms, sent on schedule. */
    static void write(Path file, long start, int rate, int seconds, String simulationClass) throws IOException {
        try (SimulationLogWriter log = open(file, simulationClass, start)) {
            for (int k = 0; k < rate * seconds; k++) {
                int at = 10 + k * 1000 / rate;
                log.user(true, at);
                log.request("read_account", at + 1, at + 6, true, "");
                log.user(false, at + 7);
            }
        }
    }

    /** A user of the scenario starting or ending at {@code at}. */
    public void user(boolean starts, long at) throws IOException {
        out.writeByte(2);
        out.writeInt(0);
        out.writeBoolean(starts);
        out.writeInt((int) at);
    }

    /** A request outside any group, sent at {@code start} and answered at {@code end}. */
    public void request(String name, long start, long end, boolean ok, String message) throws IOException {
        out.writeByte(1);
        out.writeInt(0);
        cached(name);
        out.writeInt((int) start);
        out.writeInt((int) end);
        out.writeBoolean(ok);
        cached(message);
    }

    @Override
    public void close() throws IOException {
        out.close();
    }

    private void cached(String value) throws IOException {
        Integer index = written.get(value);
        if (index != null) {
            out.writeInt(-index);
            return;
        }
        index = written.size() + 1;
        written.put(value, index);
        out.writeInt(index);
        string(value);
    }

    private void string(String value) throws IOException {
        byte[] bytes = value.getBytes(StandardCharsets.ISO_8859_1);
        out.writeInt(bytes.length);
        if (bytes.length > 0) {
            out.write(bytes);
            out.writeByte(0);
        }
    }
}
