package org.docex.vendors.control;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * A field's rule with its history: the committed workflow it was learned from, how many later
 * reviews confirmed what it read, how many corrected it, and how many times in a row it read a
 * field the reviewer did not keep or could not be learned again.
 *
 * @param addedByReviewer the field was not one the extraction reads but one reviewers added by hand
 *                        (a cost centre): its rule reads only once a later review confirmed it
 */
public record LearnedRule(String field, FieldRule rule, UUID learnedFrom, Instant learnedAt, int confirmed,
                          int corrected, int failures, boolean addedByReviewer) {

    /** Times in a row a rule may fail before it is dropped. */
    static final int MAX_FAILURES = 3;

    public LearnedRule {
        Objects.requireNonNull(field);
        Objects.requireNonNull(rule);
        Objects.requireNonNull(learnedFrom);
        Objects.requireNonNull(learnedAt);
    }

    /** Whether the rule reads fields yet: at once for the extraction's own fields, after one confirmation for added ones. */
    public boolean reads() {
        return !addedByReviewer || confirmed >= 1;
    }

    /** How sure a reading with this rule is: by where the value stands, and more with each confirmation. */
    public double confidence() {
        double base = switch (rule.relation()) {
            case RIGHT, LITERAL -> 0.9;
            case BELOW -> 0.85;
            case PLACE -> 0.75;
        };
        return Math.min(0.98, base + 0.03 * confirmed);
    }

    LearnedRule confirmedOnce() {
        return new LearnedRule(field, rule, learnedFrom, learnedAt, confirmed + 1, corrected, 0, addedByReviewer);
    }

    LearnedRule replacedBy(FieldRule newer, UUID workflow, Instant now) {
        return new LearnedRule(field, newer, workflow, now, 0, corrected + 1, 0, addedByReviewer);
    }

    LearnedRule failedOnce(boolean correction) {
        return new LearnedRule(field, rule, learnedFrom, learnedAt, confirmed, corrected + (correction ? 1 : 0),
                failures + 1, addedByReviewer);
    }
}
