package io.refsut.loadtest.simulation;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.UUID;

/**
 * Append-only log of every write the injector attempted and what it learned about it, one CSV line per write:
 * {@code operation,outcome,status,id,accountId,amountMinor,owner,startNanos,endNanos} (see {@link AckRecord}).
 * Thread-safe; holds no more than its write buffer in memory.
 */
public final class AckLog implements AutoCloseable {

    private final BufferedWriter writer;

    private AckLog(BufferedWriter writer) {
        this.writer = writer;
    }

    /** Opens {@code file} for appending, creating it if needed. */
    public static AckLog open(Path file) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            return new AckLog(Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the acknowledged-writes log " + file, e);
        }
    }

    /** Appends one record. */
    public synchronized void append(AckRecord record) {
        try {
            writer.write(record.toLine());
            writer.newLine();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the acknowledged-writes log", e);
        }
    }

    /** Convenience for {@link #append(AckRecord)}. */
    public void append(String operation, WriteOutcome outcome, Integer status, UUID id, UUID accountId,
            long amountMinor, String owner, long startNanos, long endNanos) {
        append(new AckRecord(operation, outcome, status == null ? 0 : status, id, accountId, amountMinor, owner,
                startNanos, endNanos));
    }

    @Override
    public synchronized void close() {
        try {
            writer.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the acknowledged-writes log", e);
        }
    }
}
