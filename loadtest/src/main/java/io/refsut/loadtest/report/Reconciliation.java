package io.refsut.loadtest.report;

import java.util.List;
import java.util.Map;

/**
 * Outcome of the read-back after the run: every write the injector attempted, classified from what the database
 * holds afterwards (read through the orchestrator's public API). Categories are disjoint per write; the audit
 * counts are a separate check. See {@code loadtest/docs/summary-format.md} for each.
 *
 * @param mode                  {@code full}, {@code sample} or {@code off}
 * @param checked               acknowledged (2xx) writes read back with the acknowledged content
 * @param missing               acknowledged writes not found
 * @param mismatched            records whose content differs from what was acknowledged, balance invariant breaks included
 * @param unreadable            records that could not be read back (no 200/404 after retries)
 * @param rejected              failed (4xx, 5xx) writes of which nothing was found
 * @param partial               failed or indeterminate writes found partly applied (e.g. a payment completed behind a
 *                              409 while its balance was not debited, or a debit without its payment)
 * @param pending               payments still PENDING after the delayed second read and the pending wait (the
 *                              orchestrator's recovery sweep did not settle them): the run is not clean
 * @param compensated           failed or indeterminate payments found CANCELLED: the orchestrator undid them
 * @param indeterminateApplied  writes without a usable answer (timeout, connection) found applied
 * @param indeterminateAbsent   writes without a usable answer not found, even at the delayed second read
 * @param appliedAfterDelay     writes not found at the first read but found at the delayed second one
 * @param indeterminate         writes whose outcome the client could not know (timeouts, 5xx), all of them
 * @param notJudged             writes whose effect could not be judged (other writers share the records)
 * @param auditChecked          acknowledged writes whose audit event was found
 * @param auditMissing          acknowledged writes whose audit event was not found
 * @param auditNote             how the audit trail was (or was not) checked
 * @param examples              a few identifiers per problem
 */
public record Reconciliation(String mode, long checked, long missing, long mismatched, long unreadable, long rejected,
        long partial, long pending, long compensated, long indeterminateApplied, long indeterminateAbsent, long appliedAfterDelay, long indeterminate,
        long notJudged, long auditChecked, long auditMissing, String auditNote, List<String> examples) {

    /** Null examples become an empty list. */
    public Reconciliation {
        examples = examples == null ? List.of() : List.copyOf(examples);
        auditNote = auditNote == null ? "" : auditNote;
    }

    /** The first-generation constructor: no category beyond checked, missing, mismatched, indeterminate. */
    public Reconciliation(String mode, long checked, long missing, long mismatched, long indeterminate,
            List<String> examples) {
        this(mode, checked, missing, mismatched, 0, 0, 0, 0, 0, 0, 0, 0, indeterminate, 0, 0, 0, "", examples);
    }

    /** Nothing lost, nothing different, nothing unreadable, no partial write, nothing pending, no missing audit event. */
    public boolean clean() {
        return missing == 0 && mismatched == 0 && unreadable == 0 && partial == 0 && pending == 0
                && auditMissing == 0;
    }

    /** Every count by name, in display order. */
    public Map<String, Long> counts() {
        return Fields.ordered("checked", checked, "missing", missing, "mismatched", mismatched,
                "unreadable", unreadable, "rejected", rejected, "partial", partial, "pending", pending,
                "compensated", compensated, "indeterminate", indeterminate,
                "indeterminateApplied", indeterminateApplied, "indeterminateAbsent", indeterminateAbsent,
                "appliedAfterDelay", appliedAfterDelay, "notJudged", notJudged, "auditChecked", auditChecked,
                "auditMissing", auditMissing);    }

    /** Verification that was not run. */
    public static Reconciliation off() {
        return new Reconciliation("off", 0, 0, 0, 0, List.of());
    }
}
