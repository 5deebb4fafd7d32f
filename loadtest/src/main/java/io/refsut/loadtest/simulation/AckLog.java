package io.refsut.loadtest.simulation;

import java.nio.file.Path;
import java.util.UUID;

/**
 * Append-only log of every write the injector attempted and what it learned about it, one CSV line per write:
 * {@code operation,outcome,status,id,accountId,amountMinor,owner,startNanos,endNanos} (see {@link AckRecord}).
 * Thread-safe; holds no more than its write buffer in memory.
 */
public final class AckLog implements AutoCloseable {

    private final LineFile file;

    private AckLog(LineFile file) {
        this.file = file;
    }

    /** Opens {@code file} for appending, creating it if needed. */
    public static AckLog open(Path file) {
        return new AckLog(LineFile.open(file, "acknowledged-writes log", true));
    }

    /** Appends one record. */
    public void append(AckRecord record) {
        file.write(record.toLine());
    }

    /** Convenience for {@link #append(AckRecord)}. */
    public void append(String operation, WriteOutcome outcome, Integer status, UUID id, UUID accountId,
            long amountMinor, String owner, long startNanos, long endNanos) {
        append(new AckRecord(operation, outcome, status == null ? 0 : status, id, accountId, amountMinor, owner,
                startNanos, endNanos));
    }

    @Override
    public void close() {
        file.close();
    }
}
