package io.refsut.loadtest.workload;

import site.ycsb.generator.HotspotIntegerGenerator;
import site.ycsb.generator.NumberGenerator;
import site.ycsb.generator.ScrambledZipfianGenerator;
import site.ycsb.generator.SkewedLatestGenerator;
import site.ycsb.generator.UniformLongGenerator;

/**
 * Chooses record indices of a {@link KeySpace} with YCSB's generators and YCSB's rules (CoreWorkload): uniform and
 * hotspot over the loaded keys, scrambled zipfian over the loaded plus the expected new keys (redrawing keys not yet
 * acknowledged), latest skewed towards the most recently acknowledged insert.
 */
public final class KeyChooser {

    /** YCSB's zipfian redraw loop is unbounded; this bound only matters for a space that has barely been filled. */
    private static final int MAX_REDRAWS = 1000;

    private final Distribution distribution;
    private final KeySpace space;
    private final NumberGenerator generator;

    private KeyChooser(Distribution distribution, KeySpace space, NumberGenerator generator) {
        this.distribution = distribution;
        this.space = space;
        this.generator = generator;
    }

    /**
     * A chooser over {@code space}; {@code expectedInserts} widens the zipfian range for inserts during the run,
     * {@code hotDataFraction} / {@code hotOperationFraction} configure hotspot (YCSB defaults 0.2 / 0.8).
     */
    public static KeyChooser create(Distribution distribution, KeySpace space, long expectedInserts,
            double hotDataFraction, double hotOperationFraction) {
        long loaded = space.initialCount();
        if (loaded < 1) {
            throw new IllegalArgumentException("cannot choose keys from an empty key space");
        }
        NumberGenerator generator = switch (distribution) {
            case UNIFORM -> new UniformLongGenerator(0, loaded - 1);
            case ZIPFIAN -> new ScrambledZipfianGenerator(0, loaded - 1 + Math.max(0, expectedInserts));
            case LATEST -> new SkewedLatestGenerator(space.counter());
            case HOTSPOT -> new HotspotIntegerGenerator(0, loaded - 1, hotDataFraction, hotOperationFraction);
        };
        return new KeyChooser(distribution, space, generator);
    }

    public Distribution distribution() {
        return distribution;
    }

    /** The next record index, always {@code <= space.lastAcknowledged()}. */
    public long next() {
        long last = space.lastAcknowledged();
        return switch (distribution) {
            case UNIFORM, HOTSPOT -> generator.nextValue().longValue();
            case ZIPFIAN -> nextZipfian(last);
            case LATEST -> nextLatest(last);
        };
    }

    private long nextZipfian(long last) {
        for (int i = 0; i < MAX_REDRAWS; i++) {
            long key = generator.nextValue().longValue();
            if (key <= last) {
                return key;
            }
        }
        return last;
    }

    private long nextLatest(long last) {
        if (last < 1) {
            return Math.max(last, 0);
        }
        // YCSB's zipfian recomputes its zeta from scratch when asked for fewer items than last time; serialising the
        // draws keeps the item count monotonic under concurrent callers.
        synchronized (this) {
            return Math.min(generator.nextValue().longValue(), space.lastAcknowledged());
        }
    }
}
