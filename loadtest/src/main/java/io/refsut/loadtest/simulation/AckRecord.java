package io.refsut.loadtest.simulation;

import java.util.UUID;

/**
 * One attempted write: its operation (Gatling request name), outcome, HTTP status (0 = none), the written id, the
 * account it concerns, the payment amount (0 if none), the owner an account update set ("" if none) and the
 * injector's {@code System.nanoTime()} just before sending and just after the response.
 */
public record AckRecord(String operation, WriteOutcome outcome, int status, UUID id, UUID accountId, long amountMinor,
        String owner, long startNanos, long endNanos) {

    public AckRecord {
        if (owner.contains(",") || owner.contains("\n")) {
            throw new IllegalArgumentException("owner must not contain commas or newlines");
        }
    }

    /** The CSV line of this record. */
    public String toLine() {
        return operation + ',' + outcome.name() + ',' + status + ',' + id + ',' + accountId + ',' + amountMinor + ','
                + owner + ',' + startNanos + ',' + endNanos;
    }

    /** Parses a line written by {@link #toLine()}. */
    public static AckRecord parse(String line) {
        String[] f = line.split(",", -1);
        if (f.length != 9) {
            throw new IllegalArgumentException("malformed acknowledged-writes line: " + line);
        }
        return new AckRecord(f[0], WriteOutcome.valueOf(f[1]), Integer.parseInt(f[2]), UUID.fromString(f[3]),
                UUID.fromString(f[4]), Long.parseLong(f[5]), f[6], Long.parseLong(f[7]), Long.parseLong(f[8]));
    }
}
