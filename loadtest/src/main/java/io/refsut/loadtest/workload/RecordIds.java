package io.refsut.loadtest.workload;

import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.UUID;

/**
 * Deterministic record ids: a name-based (version 3) UUID of {@code refsut:<seed>:<kind>:<index>}, so every phase and
 * every injector can address record {@code index} knowing only the seed.
 */
public final class RecordIds {

    private final String seed;

    public RecordIds(String seed) {
        this.seed = Objects.requireNonNull(seed, "seed");
        if (seed.isBlank()) {
            throw new IllegalArgumentException("seed must not be blank");
        }
    }

    public String seed() {
        return seed;
    }

    /** The id of account number {@code index} (0-based, created by the load phase). */
    public UUID account(long index) {
        return derive("account", index);
    }

    /** The id of load-phase payment number {@code index} (0-based). */
    public UUID payment(long index) {
        return derive("payment", index);
    }

    /**
     * The id of payment number {@code index} as the run phase tagged {@code runTag} addresses it: below
     * {@code loadPayments} the load phase's, above it {@code refsut:<seed>:<runTag>:payment:<index>}, so that
     * injectors running side by side with the same seed never collide.
     */
    public UUID payment(long index, long loadPayments, String runTag) {
        return index < loadPayments ? payment(index) : derive(runTag + ":payment", index);
    }

    /**
     * The id of warm-up account {@code index} of the invocation tagged {@code runTag}:
     * {@code refsut:<seed>:<runTag>:warmup-account:<index>}. The run tag is unique per invocation of {@code sut}, so
     * the warm-up of a run phase never meets the load phase's records, another injector's or an earlier execution's.
     */
    public UUID warmupAccount(String runTag, long index) {
        return derive(runTag + ":warmup-account", index);
    }

    /** The id of warm-up payment {@code index} of the invocation tagged {@code runTag} (see {@link #warmupAccount}). */
    public UUID warmupPayment(String runTag, long index) {
        return derive(runTag + ":warmup-payment", index);
    }

    /**
     * A tag unique to one invocation: the results folder name plus 8 random hex digits, so two injectors or two
     * executions started in the same second with the same label still write different run-phase and warm-up records.
     */
    public static String newRunTag(String runId) {
        String random = Long.toHexString(java.util.concurrent.ThreadLocalRandom.current().nextLong() & 0xffffffffL);
        return runId.replace(':', '_') + "." + "0".repeat(8 - random.length()) + random;
    }

    private UUID derive(String kind, long index) {
        if (index < 0) {
            throw new IllegalArgumentException("index must be >= 0: " + index);
        }
        return UUID.nameUUIDFromBytes(("refsut:" + seed + ":" + kind + ":" + index).getBytes(StandardCharsets.UTF_8));
    }
}
