package io.refsut.loadtest.reliability;

import java.util.List;
import java.util.Map;

/**
 * What one part of the suite found. {@code cases}: requests tried (bad input) or sent (load); {@code fiveXx}: answers
 * with a 5xx status; {@code lost}: acknowledged writes not found afterwards; {@code inconsistent}: half-made or
 * unbalanced operations; {@code failures}: one line per defect found (capped), empty when the part passed.
 */
record PartResult(String name, long cases, long fiveXx, long lost, long inconsistent, List<String> failures,
        Map<String, Object> details) {

    boolean passed() {
        return failures.isEmpty();
    }
}
