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

    /** No loss, no mismatch, nothing unreadable. */
    public boolean clean() {
        return missing == 0 && mismatched == 0 && unreadable == 0;
    }

    /** Every count, for the console and failure reasons. */
    public String describe() {
        return checked + " checked, " + missing + " missing, " + mismatched + " mismatched, " + unreadable
                + " unreadable, " + indeterminate + " indeterminate";
    }

    /** The summary's form of this result. */
    public io.refsut.loadtest.report.Reconciliation toReport() {
        return new io.refsut.loadtest.report.Reconciliation(mode, checked, missing, mismatched, unreadable, 0, 0, 0, 0,
                0, indeterminate, 0, 0, "", examples);
    }

    /** A result for {@code --verify off}. */
    public static ReconciliationResult off() {
        return new ReconciliationResult("off", 0, 0, 0, 0, 0, List.of());
    }
}
