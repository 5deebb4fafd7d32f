package io.refsut.loadtest.verify;

import io.refsut.loadtest.report.Reconciliation;
import java.util.List;

/**
 * What the read-back found; every count is described in {@link Reconciliation} and
 * {@code loadtest/docs/summary-format.md}. {@code notJudged}: writes whose effect could not be judged because other
 * writers share the records (balances and owners with {@code --skip-load}).
 */
public record ReconciliationResult(String mode, long checked, long missing, long mismatched, long unreadable,
        long rejected, long partial, long pending, long compensated, long indeterminate, long indeterminateApplied, long indeterminateAbsent,
        long appliedAfterDelay, long notJudged, List<String> examples) {

    /** No loss, no mismatch, nothing unreadable, no partial write, no payment left pending. */
    public boolean clean() {
        return missing == 0 && mismatched == 0 && unreadable == 0 && partial == 0 && pending == 0;
    }

    /** Every count, for the console and failure reasons. */
    public String describe() {
        return checked + " checked, " + missing + " missing, " + mismatched + " mismatched, " + unreadable
                + " unreadable, " + rejected + " rejected, " + partial + " partial, " + pending + " pending, "
                + compensated + " compensated, " + indeterminate
                + " indeterminate (" + indeterminateApplied + " applied, " + indeterminateAbsent + " absent), "
                + appliedAfterDelay + " applied after the delay, " + notJudged + " not judged";
    }

    /** The summary's form of this result, with the audit check's figures. */
    public Reconciliation toReport(long auditChecked, long auditMissing, String auditNote) {
        return new Reconciliation(mode, checked, missing, mismatched, unreadable, rejected, partial, pending,
                compensated, indeterminateApplied, indeterminateAbsent, appliedAfterDelay, indeterminate, notJudged, auditChecked,
                auditMissing, auditNote, examples);
    }

    /** A result for {@code --verify off}. */
    public static ReconciliationResult off() {
        return new ReconciliationResult("off", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, List.of());
    }
}
