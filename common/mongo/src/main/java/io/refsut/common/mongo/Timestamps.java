package io.refsut.common.mongo;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Instants at the precision a BSON date keeps, so what a service answers equals what it stored, and strictly
 * increasing within the process: two writes never carry the same instant. A compensation that is conditional on an
 * {@code updatedAt} (an account update whose audit failed is undone only while the account is still the one it wrote)
 * then never matches another write that landed in the same millisecond — after a stall of the database, the queued
 * updates of one account reach the service in one burst. Under a burst of more than one write per millisecond the
 * instants run ahead of the clock by at most the burst's excess, and fall back to it once it passes.
 */
public final class Timestamps {

    private static final AtomicLong LAST_MILLIS = new AtomicLong();

    private Timestamps() {
    }

    public static Instant now() {
        long clock = System.currentTimeMillis();
        return Instant.ofEpochMilli(LAST_MILLIS.accumulateAndGet(clock, (last, now) -> Math.max(now, last + 1)));
    }
}
