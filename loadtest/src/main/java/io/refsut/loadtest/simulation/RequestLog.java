package io.refsut.loadtest.simulation;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The run phase's own per-request log ({@code requests-run.csv}), the source of every client-side latency figure.
 * The first line is a header {@code # refsut-requests 1 key=value ...} naming the anchor (the epoch millisecond of
 * {@code System.nanoTime()} offset 0), the arrival process and the schedule; then one line per arrival:
 * {@code index,operation,intendedNanos,sentNanos,endNanos,status,kind} with times in nanoseconds after the anchor:
 * the instant the schedule intended the arrival, the instant the injector issued its request (after building the
 * body, just before Gatling's HTTP action) and the instant the response (or failure) was in. {@code status} is the
 * HTTP status (0 = none); {@code kind} is {@code ok}, {@code http_<status>}, {@code timeout} or
 * {@code connection} (see {@link #kind}). Thread-safe.
 */
public final class RequestLog implements AutoCloseable {

    /** First token of the header line. */
    public static final String MAGIC = "# refsut-requests 1";

    private final LineFile file;

    private RequestLog(LineFile file) {
        this.file = file;
    }

    /** Creates (truncates) {@code file}. */
    public static RequestLog open(Path file) {
        return new RequestLog(LineFile.open(file, "request log", false));
    }

    /** Writes the header; call once, before any {@link #append}. */
    public void header(Map<String, String> values) {
        file.write(MAGIC + " " + new LinkedHashMap<>(values).entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" ")));
    }

    /** Appends one arrival. */
    public void append(long index, String operation, long intendedNanos, long sentNanos, long endNanos,
            int status, String kind) {
        file.write(index + "," + operation + "," + intendedNanos + "," + sentNanos + "," + endNanos + "," + status + ","
                + kind);
    }

    /**
     * What became of a request: {@code ok} when it answered {@code expected}; {@code http_<status>} for any other
     * status; with no status at all, {@code timeout} when it took at least the request timeout (less 1 %, Gatling's
     * timer is not exact), else {@code connection} (refused, reset, TLS failure).
     */
    public static String kind(int status, int expected, long elapsedNanos, long timeoutMillis) {
        if (status == expected) {
            return "ok";
        }
        if (status > 0) {
            return "http_" + status;
        }
        return elapsedNanos >= timeoutMillis * 990_000L ? "timeout" : "connection";
    }

    @Override
    public void close() {
        file.close();
    }
}
