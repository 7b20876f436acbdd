package org.docex.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.docex.extraction.WorkflowPolling;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.ServerGroup;
import org.docex.testing.SharedServer;
import org.junit.jupiter.api.Test;

/** The review workspace under the four-eyes rule (DOCEX_REVIEW_FOUR_EYES=true), in a real Chromium. */
@SharedServer(ServerGroup.FOUR_EYES)
class FourEyesWorkspaceIT extends BlackBoxTest {

    /** A reviewer's edits sent with a commit are refused, and the workspace offers to keep them as a draft. */
    @Test
    void aCommitWithEditsIsRefusedAndTheEditsCanBeSavedAsADraft() {
        assumeTrue(Browser.installed(), Browser::missing);
        String id = ExtractedInvoices.extracted(api().as(accounts().adminToken()), "four-eyes.pdf");
        try (Browser browser = new Browser(url.toString())) {
            SignInPage.open(browser).signIn(accounts().create("reviewer"));
            ReviewPage review = ReviewPage.open(browser, id).awaitStatus("extracted");
            review.field("invoice_number").edit("INV-1001-B");

            String problem = review.commitRefused("Corrected the number");

            assertTrue(problem.contains("Four-eyes rule: a commit cannot change values"), problem);
            assertTrue(problem.contains("Save changes as draft"), problem);
            assertEquals("INV-1001-B", review.field("invoice_number").value(), "the edit is still on screen");
            browser.assertAccessible("review, commit refused under four eyes");
            browser.screenshot("23-review-four-eyes-refused");

            review.saveRefusedEditsAsDraft();
            browser.screenshot("24-review-four-eyes-draft-saved");
        }
        var workflow = WorkflowPolling.get(api().as(accounts().adminToken()), id);
        assertEquals("in_review", workflow.getString("status"));
        assertEquals("INV-1001-B", workflow.getJsonObject("draft").getJsonObject("fields").getString("invoice_number"));
    }
}
