package io.refsut.loadtest.verify;

import java.util.List;

/**
 * What the read-back found. {@code checked}: acknowledged writes whose effect was read back; {@code missing}:
 * acknowledged writes not found; {@code mismatched}: writes or balances that differ from what was acknowledged;
 * {@code indeterminate}: writes whose outcome the injector could not know plus records that could not be read;
 * {@code unreadable}: the records among those that could not be read back at all.
 */
public record ReconciliationResult(String mode, long checked, long missing, long mismatched, long indeterminate,
        long unreadable, List<String> examples) {

    /** No loss and no mismatch. */
    public boolean clean() {
        return missing == 0 && mismatched == 0;
    }

    /** A result for {@code --verify off}. */
    public static ReconciliationResult off() {
        return new ReconciliationResult("off", 0, 0, 0, 0, 0, List.of());
    }
}
