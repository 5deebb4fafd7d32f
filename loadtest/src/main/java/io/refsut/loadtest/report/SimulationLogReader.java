package io.refsut.loadtest.report;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteOrder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the binary {@code simulation.log} of Gatling 3.12 and later (format checked against 3.15.0).
 *
 * <p>Layout (big-endian): a sequence of records, each a header byte then fields. Strings are an int byte length
 * (0 = empty) then the JVM's internal bytes of the string then its coder byte (0 = Latin-1, 1 = UTF-16 in the
 * writer's native order). "Cached" strings are an int: positive n = a new string with index n follows, negative
 * = the string of index -n seen before. Times are ints in ms relative to the run start, except in the run record.
 * <ul>
 * <li>0 run: string gatlingVersion, string simulationClass, long start, string description, int n + n strings
 * (scenario names), int m + m byte arrays (int length + bytes: serialized assertions)</li>
 * <li>1 request: int n + n cached strings (groups), cached name, int start, int end, byte ok, cached message</li>
 * <li>2 user: int scenario index, byte start, int timestamp</li>
 * <li>3 group: int n + n cached strings, int start, int end, int cumulated response time, byte ok</li>
 * <li>4 error: cached message, int timestamp</li>
 * </ul>
 * Gatling's own reader ({@code io.gatling.charts.stats.LogFileReader}) only yields aggregated report data, so the
 * raw records needed for exact percentiles and send times are read here.
 */
public final class SimulationLogReader {

    private static final int RUN = 0;
    private static final int REQUEST = 1;
    private static final int USER = 2;
    private static final int GROUP = 3;
    private static final int ERROR = 4;
    private static final Charset UTF16_NATIVE =
            ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN ? StandardCharsets.UTF_16LE : StandardCharsets.UTF_16BE;

    private final DataInputStream in;
    private final Map<Integer, String> cache = new HashMap<>();

    private SimulationLogReader(InputStream in) {
        this.in = new DataInputStream(new BufferedInputStream(in, 1 << 16));
    }

    /** Reads {@code file} (a {@code simulation.log}, or a Gatling run folder that contains one). */
    public static SimulationLog read(Path file) throws IOException {
        Path log = Files.isDirectory(file) ? file.resolve("simulation.log") : file;
        try (InputStream stream = Files.newInputStream(log)) {
            return new SimulationLogReader(stream).parse(log);
        }
    }

    private SimulationLog parse(Path log) throws IOException {
        int header = in.read();
        if (header != RUN) {
            throw new IOException(log + " is not a binary Gatling 3.12+ simulation.log (first byte " + header + ")");
        }
        String version = readString();
        String simulationClass = readString();
        long runStart = in.readLong();
        String description = readString();
        int scenarioCount = in.readInt();
        List<String> scenarios = new ArrayList<>(scenarioCount);
        for (int i = 0; i < scenarioCount; i++) {
            scenarios.add(readString());
        }
        int assertionCount = in.readInt();
        for (int i = 0; i < assertionCount; i++) {
            skipFully(in.readInt());
        }
        List<SimulationLog.Request> requests = new ArrayList<>();
        List<SimulationLog.UserEvent> users = new ArrayList<>();
        List<SimulationLog.Error> errors = new ArrayList<>();
        int record;
        while ((record = in.read()) != -1) {
            try {
                switch (record) {
                    case REQUEST -> {
                        List<String> groups = readGroups();
                        String name = readCachedString();
                        long start = runStart + in.readInt();
                        long end = runStart + in.readInt();
                        boolean ok = in.readBoolean();
                        String message = readCachedString();
                        requests.add(new SimulationLog.Request(groups, name, start, end, ok, message));
                    }
                    case USER -> {
                        int scenario = in.readInt();
                        boolean start = in.readBoolean();
                        long timestamp = runStart + in.readInt();
                        String name = scenario >= 0 && scenario < scenarios.size() ? scenarios.get(scenario) : "";
                        users.add(new SimulationLog.UserEvent(name, start, timestamp));
                    }
                    case GROUP -> {
                        readGroups();
                        in.readInt();
                        in.readInt();
                        in.readInt();
                        in.readBoolean();
                    }
                    case ERROR -> {
                        String message = readCachedString();
                        errors.add(new SimulationLog.Error(message, runStart + in.readInt()));
                    }
                    default -> throw new IOException(log + ": unknown record type " + record);
                }
            } catch (EOFException truncated) {
                // a run that was killed leaves a partial last record; everything before it is valid
                break;
            }
        }
        return new SimulationLog(version, simulationClass, runStart, description, List.copyOf(scenarios),
                List.copyOf(requests), List.copyOf(users), List.copyOf(errors));
    }

    private List<String> readGroups() throws IOException {
        int count = in.readInt();
        if (count == 0) {
            return List.of();
        }
        List<String> groups = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            groups.add(readCachedString());
        }
        return List.copyOf(groups);
    }

    private String readString() throws IOException {
        int length = in.readInt();
        if (length == 0) {
            return "";
        }
        byte[] bytes = in.readNBytes(length);
        if (bytes.length < length) {
            throw new EOFException();
        }
        int coder = in.readUnsignedByte();
        return new String(bytes, coder == 0 ? StandardCharsets.ISO_8859_1 : UTF16_NATIVE);
    }

    private String readCachedString() throws IOException {
        int index = in.readInt();
        if (index == 0) {
            throw new IOException("simulation.log has a string with index 0, which Gatling 3.15 never writes");
        }
        if (index > 0) {
            String value = readString();
            cache.put(index, value);
            return value;
        }
        String value = cache.get(-index);
        if (value == null) {
            throw new IOException("simulation.log refers to string #" + -index + " before defining it");
        }
        return value;
    }

    private void skipFully(int bytes) throws IOException {
        in.skipNBytes(bytes);
    }
}
