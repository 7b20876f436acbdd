package org.docex.extraction.control.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.UUID;
import org.docex.errors.ConflictException;
import org.docex.errors.PermissionDeniedException;
import org.docex.extraction.entity.FieldChange;
import org.docex.extraction.entity.Reviewer;
import org.docex.security.control.Role;
import org.junit.jupiter.api.Test;

class FourEyesRuleTest {

    private final Reviewer committer = new Reviewer(UUID.randomUUID(), "reviewer@docex.test", Role.REVIEWER);
    private final UUID analyst = UUID.randomUUID();

    @Test
    void offByDefaultAnyReviewerCommits() {
        FourEyesRule rule = new FourEyesRule();
        rule.check(committer, List.of(committer.userId(), analyst), List.of(change()));
    }

    @Test
    void onTheCommitterMustNotHaveSavedADraft() {
        FourEyesRule rule = on();
        PermissionDeniedException refused = assertThrows(PermissionDeniedException.class,
                () -> rule.check(committer, List.of(analyst, committer.userId()), List.of()));
        assertEquals(FourEyesRule.REFUSAL, refused.getMessage());
    }

    @Test
    void onAnotherPersonsDraftOrNoDraftMayBeCommitted() {
        FourEyesRule rule = on();
        rule.check(committer, List.of(analyst), List.of());
        rule.check(committer, List.of(), List.of());
    }

    @Test
    void onACommitThatChangesAValueIsAConflictWithOrWithoutADraft() {
        FourEyesRule rule = on();
        for (List<UUID> draftAuthors : List.of(List.of(analyst), List.<UUID>of())) {
            ConflictException refused = assertThrows(ConflictException.class,
                    () -> rule.check(committer, draftAuthors, List.of(change())));
            assertEquals(FourEyesRule.CHANGED_ON_COMMIT, refused.getMessage());
        }
    }

    private static FieldChange change() {
        return new FieldChange("total_amount", "100.00", "10.00");
    }

    private static FourEyesRule on() {
        FourEyesRule rule = new FourEyesRule();
        rule.required = true;
        return rule;
    }
}
