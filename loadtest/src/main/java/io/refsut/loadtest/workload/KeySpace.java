package io.refsut.loadtest.workload;

import site.ycsb.generator.AcknowledgedCounterGenerator;

/**
 * A key space of record indices {@code 0..n-1} that inserts can grow, like YCSB's transaction insert key sequence:
 * an index is {@link #allocate() allocated} before the insert and {@link #acknowledge(long) acknowledged} once it is
 * done, and readers only see indices below the highest contiguous acknowledged one.
 */
public final class KeySpace {

    private final long initialCount;
    private final AcknowledgedCounterGenerator counter;

    public KeySpace(long initialCount) {
        if (initialCount < 0) {
            throw new IllegalArgumentException("key count must be >= 0");
        }
        this.initialCount = initialCount;
        this.counter = new AcknowledgedCounterGenerator(initialCount);
    }

    /** The number of keys the load phase created. */
    public long initialCount() {
        return initialCount;
    }

    /** Reserves the next index for an insert. */
    public long allocate() {
        return counter.nextValue();
    }

    /** Marks an allocated index as done (whatever the outcome, as YCSB does), so readers may address it. */
    public void acknowledge(long index) {
        counter.acknowledge(index);
    }

    /** The highest index every index below which is acknowledged; -1 when the space is empty. */
    public long lastAcknowledged() {
        return counter.lastValue();
    }

    AcknowledgedCounterGenerator counter() {
        return counter;
    }
}
