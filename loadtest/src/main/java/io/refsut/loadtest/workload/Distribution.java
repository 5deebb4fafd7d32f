package io.refsut.loadtest.workload;

import java.util.Locale;

/** Key selection distributions with YCSB's semantics ({@code requestdistribution}). */
public enum Distribution {
    /** Every key equally likely. */
    UNIFORM,
    /** Zipfian (constant 0.99), scrambled so the hot keys are spread over the key space. */
    ZIPFIAN,
    /** Zipfian over recency: the most recently inserted keys are the most popular. */
    LATEST,
    /** A hot set (a fraction of the keys) receives a fraction of the operations, both uniform inside. */
    HOTSPOT;

    /** Parses a case-insensitive name such as {@code zipfian}. */
    public static Distribution parse(String value) {
        try {
            return valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown key distribution '" + value + "' (uniform, zipfian, latest, hotspot)");
        }
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
