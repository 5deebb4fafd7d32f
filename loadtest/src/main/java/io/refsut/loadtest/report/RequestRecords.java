package io.refsut.loadtest.report;

import io.refsut.loadtest.simulation.RequestLog;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The arrivals of one injector's run phase, times in nanoseconds after its anchor ({@code anchorEpochMillis}).
 * Read from the request log ({@link RequestLog}); for a run without one, built from Gatling's simulation.log, where
 * the intended start is unknown and taken to be the send (so response time equals service time and the lag is 0).
 *
 * @param anchorEpochMillis epoch millisecond of offset 0
 * @param header            the log's header values (arrival process, schedule) — empty for simulation.log
 * @param fromRequestLog    whether intended starts are known
 * @param arrivals          every arrival
 */
public record RequestRecords(long anchorEpochMillis, Map<String, String> header, boolean fromRequestLog,
        List<Arrival> arrivals) {

    /** One arrival; {@code kind} is {@code ok}, {@code http_<status>}, {@code timeout} or {@code connection}. */
    public record Arrival(long index, String operation, long intendedNanos, long sentNanos, long endNanos,
            int status, String kind) {

        public boolean ok() {
            return "ok".equals(kind);
        }

        /** From the intended start to the response. */
        public long responseNanos() {
            return endNanos - intendedNanos;
        }

        /** From the send to the response. */
        public long serviceNanos() {
            return endNanos - sentNanos;
        }

        /** From the intended start to the send. */
        public long lagNanos() {
            return Math.max(0, sentNanos - intendedNanos);
        }
    }

    /** Reads a request log. */
    public static RequestRecords read(Path file) throws IOException {
        List<Arrival> arrivals = new ArrayList<>();
        Map<String, String> header = new LinkedHashMap<>();
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String first = reader.readLine();
            if (first == null || !first.startsWith(RequestLog.MAGIC)) {
                throw new IOException(file + " is not a request log (no '" + RequestLog.MAGIC + "' header)");
            }
            for (String item : first.substring(RequestLog.MAGIC.length()).trim().split(" ")) {
                int eq = item.indexOf('=');
                if (eq > 0) {
                    header.put(item.substring(0, eq), item.substring(eq + 1));
                }
            }
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                String[] f = line.split(",", -1);
                if (f.length != 7) {
                    throw new IOException("malformed request log line in " + file + ": " + line);
                }
                arrivals.add(new Arrival(Long.parseLong(f[0]), f[1], Long.parseLong(f[2]), Long.parseLong(f[3]),
                        Long.parseLong(f[4]), Integer.parseInt(f[5]), f[6]));
            }
        }
        String anchor = header.get("anchorEpochMillis");
        if (anchor == null) {
            throw new IOException(file + ": header has no anchorEpochMillis");
        }
        return new RequestRecords(Long.parseLong(anchor), Map.copyOf(header), true, List.copyOf(arrivals));
    }

    /** Arrivals from a simulation.log: one per request, intended = sent = Gatling's start, whole milliseconds. */
    public static RequestRecords fromSimulationLog(SimulationLog log) {
        long anchor = log.requests().stream().mapToLong(SimulationLog.Request::startMillis).min()
                .orElse(log.runStartMillis());
        List<Arrival> arrivals = new ArrayList<>();
        long index = 0;
        for (SimulationLog.Request r : log.requests()) {
            long start = (r.startMillis() - anchor) * 1_000_000;
            long end = (r.endMillis() - anchor) * 1_000_000;
            int status = r.ok() ? 0 : statusOf(r.message());
            arrivals.add(new Arrival(index++, r.name(), start, start, end, status, r.ok() ? "ok" : kindOf(r.message())));
        }
        return new RequestRecords(anchor, Map.of(), false, List.copyOf(arrivals));
    }

    /** The failure kind a Gatling message names. */
    static String kindOf(String message) {
        String status = LatencyStats.statusOf(message);
        if (status.matches("\\d{3}")) {
            return "http_" + status;
        }
        String lower = message == null ? "" : message.toLowerCase(Locale.ROOT);
        return lower.contains("timeout") || lower.contains("timed out") ? "timeout" : "connection";
    }

    private static int statusOf(String message) {
        String status = LatencyStats.statusOf(message);
        return status.matches("\\d{3}") ? Integer.parseInt(status) : 0;
    }
}
