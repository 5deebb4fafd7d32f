package io.refsut.loadtest.report;

import java.util.List;

/**
 * Outcome of read-back verification after the run.
 *
 * @param mode          {@code full}, {@code sample} or {@code off}
 * @param checked       acknowledged writes and balances checked
 * @param missing       acknowledged writes not found
 * @param mismatched    records found with other content than acknowledged (including balance invariant breaks)
 * @param indeterminate writes whose outcome the client could not know (timeouts), found or not
 * @param examples      a few identifiers of missing or mismatched records
 */
public record Reconciliation(String mode, long checked, long missing, long mismatched, long indeterminate,
        List<String> examples) {

    /** Null examples become an empty list. */
    public Reconciliation {
        examples = examples == null ? List.of() : List.copyOf(examples);
    }

    /** No loss and no mismatch. */
    public boolean clean() {
        return missing == 0 && mismatched == 0;
    }

    /** Verification that was not run. */
    public static Reconciliation off() {
        return new Reconciliation("off", 0, 0, 0, 0, List.of());
    }
}
