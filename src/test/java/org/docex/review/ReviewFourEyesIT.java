package org.docex.review;

import static org.docex.review.Reviewing.action;
import static org.docex.review.Reviewing.assertError;
import static org.docex.review.Reviewing.extracted;
import static org.docex.review.Reviewing.review;
import static org.docex.review.Reviewing.reviewed;
import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;
import java.util.List;
import java.util.Map;
import org.docex.testing.Accounts;
import org.docex.testing.Api;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.DocexDeployment;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/** DOCEX_REVIEW_FOUR_EYES=true: nobody commits a workflow of which they saved a draft. */
class ReviewFourEyesIT extends BlackBoxTest {

    private static final String FOUR_EYES = "Four-eyes rule: you saved a draft of this workflow, so another reviewer must commit it";

    @Deployment(testable = false)
    static WebArchive deployment() {
        return DocexDeployment.war("review-four-eyes", Accounts.settings(Map.of("docex.review-four-eyes", "true")));
    }

    @Test
    void whoeverSavedADraftCannotCommitItAnotherReviewerCan() {
        Accounts accounts = new Accounts(api());
        Api analyst = api().as(accounts.signedIn("analyst").token());
        Api reviewer = api().as(accounts.signedIn("reviewer").token());
        Api otherReviewer = api().as(accounts.signedIn("reviewer").token());
        Api admin = api().as(accounts.adminToken());
        List<String> ids = extracted(analyst, 3);

        reviewed(analyst, ids.get(0), action("save_draft"));
        reviewed(reviewer, ids.get(0), action("save_draft").add("fields", Json.createObjectBuilder().add("po_number", "PO-1")));
        assertError(403, FOUR_EYES, review(reviewer, ids.get(0), action("commit")));
        assertEquals("committed", reviewed(otherReviewer, ids.get(0), action("commit")).getString("status"));

        reviewed(admin, ids.get(1), action("save_draft"));
        assertError(403, FOUR_EYES, review(admin, ids.get(1), action("commit")));
        assertEquals("rejected", reviewed(admin, ids.get(1), Reviewing.rejection()).getString("status"),
                "rejecting commits nothing, so it needs no second person");

        assertEquals("committed", reviewed(reviewer, ids.get(2), action("commit")).getString("status"),
                "without a draft the committer is the first to look");
    }
}
