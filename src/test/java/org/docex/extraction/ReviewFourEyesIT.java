package org.docex.extraction;

import static org.docex.extraction.Reviewing.action;
import static org.docex.extraction.Reviewing.assertError;
import static org.docex.extraction.Reviewing.extracted;
import static org.docex.extraction.Reviewing.review;
import static org.docex.extraction.Reviewing.reviewed;
import static org.docex.extraction.Reviewing.workflow;
import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.List;
import org.docex.testing.Accounts;
import org.docex.testing.Api;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.ServerGroup;
import org.docex.testing.SharedServer;
import org.junit.jupiter.api.Test;

/** DOCEX_REVIEW_FOUR_EYES=true: nobody commits a workflow of which they saved a draft. */
@SharedServer(ServerGroup.FOUR_EYES)
class ReviewFourEyesIT extends BlackBoxTest {

    private static final String FOUR_EYES = "Four-eyes rule: you saved a draft of this workflow, so another reviewer must commit it";
    private static final String CHANGED_ON_COMMIT = "Four-eyes rule: a commit cannot change values; save your changes"
            + " as a draft for another reviewer to commit";

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

    @Test
    void aCommitMayNotChangeWhatNobodyElseSaw() {
        Accounts accounts = new Accounts(api());
        Api analyst = api().as(accounts.signedIn("analyst").token());
        Api reviewer = api().as(accounts.signedIn("reviewer").token());
        Api otherReviewer = api().as(accounts.signedIn("reviewer").token());
        List<String> ids = extracted(analyst, 2);
        String drafted = ids.get(0);
        reviewed(analyst, drafted, action("save_draft").add("fields", Json.createObjectBuilder().add("po_number", "PO-1")));

        for (var change : List.of(Json.createObjectBuilder().add("po_number", "PO-2"),
                Json.createObjectBuilder().add("cost_centre", "CC-9"), Json.createObjectBuilder().addNull("po_number"))) {
            assertError(409, CHANGED_ON_COMMIT, review(reviewer, drafted, action("commit").add("fields", change)));
        }
        assertEquals("in_review", workflow(reviewer, drafted).getString("status"), "nothing committed");
        JsonObject committed = reviewed(reviewer, drafted, action("commit")
                .add("fields", Json.createObjectBuilder().add("po_number", "PO-1")));
        assertEquals("PO-1", committed.getJsonObject("committed").getJsonObject("fields").getString("po_number"),
                "fields that leave the draft as it is may come along");

        String undrafted = ids.get(1);
        String total = workflow(reviewer, undrafted).getJsonObject("result").getJsonArray("fields").getValuesAs(JsonObject.class)
                .stream().filter(field -> field.getString("name").equals("total_amount")).findFirst().orElseThrow().getString("value");
        assertError(409, CHANGED_ON_COMMIT, review(reviewer, undrafted, action("commit")
                .add("fields", Json.createObjectBuilder().add("total_amount", total + "1"))));
        reviewed(reviewer, undrafted, action("save_draft").add("fields", Json.createObjectBuilder().add("total_amount", total + "1")));
        assertEquals("committed", reviewed(otherReviewer, undrafted, action("commit")).getString("status"),
                "the change saved as a draft, another reviewer commits it");
    }
}
