package io.refsut.common.mongo;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** Instants at the precision a BSON date keeps, so what a service answers equals what it stored. */
public final class Timestamps {

    private Timestamps() {
    }

    public static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }
}
