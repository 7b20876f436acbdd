package org.docex.extraction;

import static org.docex.extraction.Reviewing.action;
import static org.docex.extraction.Reviewing.assertError;
import static org.docex.extraction.Reviewing.extracted;
import static org.docex.extraction.Reviewing.rejection;
import static org.docex.extraction.Reviewing.review;
import static org.docex.extraction.Reviewing.reviewed;
import static org.docex.extraction.Reviewing.workflow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.docex.testing.Accounts;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.Pdfs;
import org.docex.testing.ServerGroup;
import org.docex.testing.SharedServer;
import org.docex.testing.Uploads;
import org.junit.jupiter.api.Test;

/** Human review over HTTP: who may do what in which status, versions, the audit trail, export and deletion. */
@SharedServer(ServerGroup.GENERAL)
class ReviewIT extends BlackBoxTest {

    private static final String ONLY_REVIEWERS = "Only reviewers can commit or reject";
    private static final String NOT_READY = "Workflow is not ready for review";
    private static final List<String> ROLES = List.of("analyst", "reviewer", "admin");
    private static final List<String> ACTIONS = List.of("save_draft", "commit", "reject");
    private static final Map<String, Accounts.Account> USERS = new ConcurrentHashMap<>();
    private static final int MAX_REVIEWS = ServerGroup.REVIEW_MAX_DRAFTS;

    @Test
    void anyoneSavesDraftsAndOnlyReviewersAndAdminsCommitOrReject() {
        Iterator<String> workflows = extracted(as("admin"), ROLES.size() * ACTIONS.size() * 2).iterator();
        for (String role : ROLES) {
            for (String action : ACTIONS) {
                for (boolean inReview : List.of(false, true)) {
                    String id = workflows.next();
                    if (inReview) {
                        reviewed(as("admin"), id, action("save_draft"));
                    }
                    String what = role + " " + action + (inReview ? " in review" : " extracted");
                    ApiResponse answer = review(as(role), id, body(action));
                    if (role.equals("analyst") && !action.equals("save_draft")) {
                        assertError(403, ONLY_REVIEWERS, answer);
                        assertEquals(inReview ? "in_review" : "extracted", workflow(as(role), id).getString("status"), what);
                        continue;
                    }
                    assertEquals(200, answer.status(), what + ": " + answer.body());
                    JsonObject done = answer.json();
                    assertEquals(Map.of("save_draft", "in_review", "commit", "committed", "reject", "rejected").get(action),
                            done.getString("status"), what);
                    assertEquals(inReview ? 3 : 2, done.getInt("version"), what);
                    assertFalse(done.isNull("result"), "the answer is the whole workflow");
                }
            }
        }
    }

    @Test
    void workflowsNotYetExtractedOrFailedAreNotReadyForReview() {
        Api admin = as("admin");
        String document = Uploads.uploaded(admin, "long.pdf", GeneratedPdfs.report(600));
        String running = Reviewing.started(admin, document);
        for (String action : ACTIONS) {
            assertError(409, NOT_READY, review(admin, running, body(action)));
        }
        assertError(403, ONLY_REVIEWERS, review(as("analyst"), running, action("commit")));
        assertEquals(204, admin.delete("/api/documents/" + document).status(), "stops the long extraction");

        String crashing = Uploads.uploaded(admin, "crash.pdf", Uploads.resource("jazzer-crash-matrix.pdf"));
        String failed = WorkflowPolling.started(admin, crashing);
        assertEquals("failed", WorkflowPolling.awaitEnd(admin, failed, Reviewing.LIMIT).getString("status"));
        assertError(409, NOT_READY, review(admin, failed, action("save_draft")));
        assertError(404, "Workflow not found", review(admin, UUID.randomUUID().toString(), action("save_draft")));
    }

    @Test
    void committedAndRejectedWorkflowsTakeNoFurtherReview() {
        List<String> ids = extracted(as("reviewer"), 2);
        reviewed(as("reviewer"), ids.get(0), action("commit"));
        reviewed(as("reviewer"), ids.get(1), rejection());
        for (String action : ACTIONS) {
            assertError(409, "Workflow is already committed", review(as("admin"), ids.get(0), body(action)));
            assertError(409, "Workflow was rejected; a reviewer can reopen it", review(as("admin"), ids.get(1), body(action)));
        }
        assertError(409, "Only a rejected workflow can be reopened",
                review(as("admin"), ids.get(0), action("reopen").add("comment", "Wrong total")));
        assertEquals(2, workflow(as("admin"), ids.get(0)).getInt("version"), "refusals change nothing");
    }

    /**
     * A rejected workflow goes back into review when a reviewer reopens it with a reason: its last
     * draft is the working copy again, the trail keeps the reason, and the analyst can go on.
     */
    @Test
    void aReviewerReopensARejectedWorkflowWithAReason() {
        Api analyst = as("analyst");
        Api reviewer = as("reviewer");
        String id = extracted(analyst);
        reviewed(analyst, id, action("save_draft").add("fields", fields("po_number", "PO-7781")));
        reviewed(reviewer, id, rejection());

        assertError(422, "comment: a reason is required to reopen", review(reviewer, id, action("reopen")));
        assertError(403, "Only reviewers can commit or reject", review(analyst, id, action("reopen").add("comment", "Please")));
        JsonObject reopened = reviewed(reviewer, id, action("reopen").add("comment", "The supplier sent a readable copy")
                .add("fields", fields("po_number", "ignored")));
        assertEquals("in_review", reopened.getString("status"));
        assertEquals(4, reopened.getInt("version"));
        assertEquals("PO-7781", reopened.getJsonObject("draft").getJsonObject("fields").getString("po_number"),
                "the last draft again, fields of a reopen ignored");
        JsonObject last = reopened.getJsonArray("reviews").getJsonObject(reopened.getJsonArray("reviews").size() - 1);
        assertEquals("reopen", last.getString("action"));
        assertEquals("The supplier sent a readable copy", last.getString("comment"));
        assertTrue(last.getJsonArray("changes").isEmpty(), last.toString());

        // Not committed: a commit would teach the vendor memory, which other classes on this server read.
        JsonObject saved = reviewed(analyst, id, action("save_draft").add("fields", fields("po_number", "PO-7782")));
        assertEquals("in_review", saved.getString("status"));
        assertEquals(5, saved.getInt("version"));
    }

    @Test
    void aReviewFromAnOlderVersionIsRefused() {
        Api analyst = as("analyst");
        String id = extracted(analyst);
        assertEquals(2, reviewed(analyst, id, action("save_draft").add("version", 1).add("fields", fields("a", "1"))).getInt("version"));

        ApiResponse stale = review(analyst, id, action("save_draft").add("version", 1).add("fields", fields("a", "2")));

        assertEquals(409, stale.status(), stale.body());
        assertTrue(stale.detail().startsWith("Someone else saved first"), stale.detail());
        assertEquals("1", workflow(analyst, id).getJsonObject("draft").getJsonObject("fields").getString("a"));
        assertEquals(3, reviewed(analyst, id, action("save_draft").add("version", 2).add("fields", fields("a", "2"))).getInt("version"));
    }

    @Test
    void ofTwoConcurrentSavesFromOneVersionExactlyOneWinsAndItsChangeIsKept() throws Exception {
        List<String> ids = extracted(as("reviewer"), 4);
        Api first = as("analyst").withOwnConnection();
        Api second = as("reviewer").withOwnConnection();
        for (String id : ids) {
            List<ApiResponse> answers = concurrently(
                    () -> review(first, id, action("save_draft").add("version", 1).add("fields", fields("total", "100.00"))),
                    () -> review(second, id, action("save_draft").add("version", 1).add("fields", fields("total", "200.00"))));

            List<Integer> statuses = answers.stream().map(ApiResponse::status).sorted().toList();
            assertEquals(List.of(200, 409), statuses, answers.toString());
            String winner = answers.get(0).status() == 200 ? "100.00" : "200.00";
            JsonObject after = workflow(as("admin"), id);
            assertEquals(2, after.getInt("version"));
            assertEquals(winner, after.getJsonObject("draft").getJsonObject("fields").getString("total"));
            assertEquals(1, after.getJsonArray("reviews").size(), "one review happened");
        }
    }

    @Test
    void theAuditTrailKeepsWhoDidWhatWhenWithEveryChangedField() {
        Api analyst = as("analyst");
        String id = extracted(analyst);
        JsonObject before = workflow(analyst, id);
        reviewed(analyst, id, action("save_draft"));
        JsonObject draft = reviewed(analyst, id, action("save_draft").add("comment", "checked the total")
                .add("fields", Json.createObjectBuilder().add("total_amount", "1300.00").addNull("currency").add("po_number", "PO-7781")));
        assertTrue(draft.getJsonArray("reviews").getJsonObject(0).getJsonArray("changes").isEmpty(), "the first draft changed nothing");
        JsonObject draftFields = draft.getJsonObject("draft").getJsonObject("fields");
        assertEquals("INV-2026-001", draftFields.getString("invoice_number"), "starts from the extracted values");
        assertEquals("1300.00", draftFields.getString("total_amount"));
        assertFalse(draftFields.containsKey("currency"));
        assertEquals(usersEmail("analyst"), draft.getJsonObject("draft").getString("saved_by"));

        JsonObject committed = reviewed(as("reviewer"), id, action("commit").add("comment", "fine")
                .add("fields", Json.createObjectBuilder().add("po_number", "PO-7782")));

        assertEquals(before.getJsonObject("result"), committed.getJsonObject("result"), "the machine result never changes");
        assertEquals("committed", committed.getString("status"));
        assertEquals(4, committed.getInt("version"));
        JsonObject record = committed.getJsonObject("committed");
        assertEquals("PO-7782", record.getJsonObject("fields").getString("po_number"));
        assertEquals(usersEmail("reviewer"), record.getString("committed_by"));
        assertTrue(record.getString("committed_at").matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"), record.toString());
        List<JsonObject> reviews = workflow(analyst, id).getJsonArray("reviews").getValuesAs(JsonObject.class);
        assertEquals(List.of("save_draft", "save_draft", "commit"), reviews.stream().map(r -> r.getString("action")).toList());
        assertEquals(List.of(usersEmail("analyst"), usersEmail("analyst"), usersEmail("reviewer")),
                reviews.stream().map(r -> r.getString("by")).toList());
        assertEquals(List.of("analyst", "analyst", "reviewer"), reviews.stream().map(r -> r.getString("role")).toList());
        assertTrue(reviews.get(0).isNull("comment"));
        assertEquals("checked the total", reviews.get(1).getString("comment"));
        assertEquals(Json.createArrayBuilder()
                .add(change("total_amount", "1234.56", "1300.00"))
                .add(change("currency", "EUR", null))
                .add(change("po_number", null, "PO-7781")).build(), reviews.get(1).getJsonArray("changes"));
        assertEquals(Json.createArrayBuilder().add(change("po_number", "PO-7781", "PO-7782")).build(),
                reviews.get(2).getJsonArray("changes"));
        assertFalse(reviews.get(2).getString("at").isBlank());
    }

    @Test
    void aWorkflowCarriesItsLatestReviewsTheTrailIsPagedAndDraftsStopAtTheQuota() {
        Api analyst = as("analyst");
        String id = extracted(analyst);
        JsonObject last = null;
        for (int n = 1; n <= MAX_REVIEWS; n++) {
            last = reviewed(analyst, id, action("save_draft").add("fields", fields("notes", longNote(n))));
        }

        JsonObject workflow = workflow(analyst, id);
        String body = analyst.get("/api/extractions/workflow/" + id).body();
        assertTrue(body.length() < 60_000, "25 drafts of a 10,000-character value, answered in " + body.length() + " characters");
        for (JsonObject answer : List.of(last, workflow)) {
            List<JsonObject> reviews = answer.getJsonArray("reviews").getValuesAs(JsonObject.class);
            assertEquals(20, reviews.size(), "the latest 20");
            assertEquals(MAX_REVIEWS, answer.getInt("reviews_total"));
            assertEquals("/api/extractions/workflow/" + id + "/reviews", answer.getString("reviews_url"));
            assertEquals(List.of(6, 25), List.of(noteNumber(reviews.get(0)), noteNumber(reviews.get(19))), "oldest first");
            JsonObject change = reviews.get(19).getJsonArray("changes").getJsonObject(0);
            assertEquals(longNote(25).substring(0, 200), change.getString("to"), "the trail keeps 200 characters of a value");
            assertEquals(longNote(24).substring(0, 200), change.getString("from"));
            assertTrue(change.getBoolean("truncated"));
        }
        assertEquals(longNote(25), workflow.getJsonObject("draft").getJsonObject("fields").getString("notes"), "the draft keeps it whole");

        JsonObject first = analyst.get("/api/extractions/workflow/" + id + "/reviews?limit=10").json();
        assertEquals(List.of(10, MAX_REVIEWS, 0, 10), List.of(first.getJsonArray("items").size(), first.getInt("total"),
                first.getInt("offset"), first.getInt("limit")));
        assertEquals(1, noteNumber(first.getJsonArray("items").getJsonObject(0)));
        JsonObject rest = analyst.get("/api/extractions/workflow/" + id + "/reviews?offset=20&limit=10").json();
        assertEquals(5, rest.getJsonArray("items").size());
        assertEquals(21, noteNumber(rest.getJsonArray("items").getJsonObject(0)));
        assertError(422, "limit must be between 1 and 200", analyst.get("/api/extractions/workflow/" + id + "/reviews?limit=201"));
        assertError(404, "Workflow not found", analyst.get("/api/extractions/workflow/" + UUID.randomUUID() + "/reviews"));
        assertError(401, "Not authenticated", api().get("/api/extractions/workflow/" + id + "/reviews"));

        assertError(409, "The workflow has reached its limit of " + MAX_REVIEWS + " reviews; commit or reject it instead of"
                + " saving another draft", review(analyst, id, action("save_draft").add("fields", fields("notes", "one more"))));
        JsonObject committed = reviewed(as("reviewer"), id, action("commit"));
        assertEquals("committed", committed.getString("status"), "a workflow at its quota can still be finished");
        assertEquals(MAX_REVIEWS + 1, committed.getInt("reviews_total"));
    }

    @Test
    void committedFieldsAreExportedAsJsonAndAsCsvSafeForSpreadsheets() {
        Api reviewer = as("reviewer");
        String id = extracted(reviewer);
        assertError(409, "Workflow is not committed; only committed data can be exported",
                reviewer.get("/api/extractions/workflow/" + id + "/export?format=csv"));
        JsonObject tricky = Json.createObjectBuilder().add("vendor_name", "ACME, \"Best\" Supplies").add("address", "Line 1\nLine 2")
                .add("note", "=cmd|' /C calc'!A0").add("=HYPERLINK(1)", "-5").build();
        JsonObject committed = reviewed(reviewer, id, action("commit").add("fields", tricky)).getJsonObject("committed");
        JsonObject fields = committed.getJsonObject("fields");

        ApiResponse json = as("analyst").get("/api/extractions/workflow/" + id + "/export");
        assertEquals(200, json.status(), json.body());
        assertEquals(Json.createObjectBuilder().add("document_id", workflow(reviewer, id).getString("document_id"))
                .add("workflow_id", id).add("committed_by", usersEmail("reviewer"))
                .add("committed_at", committed.getString("committed_at")).add("fields", fields).build(), json.json());
        assertEquals(json.json(), reviewer.get("/api/extractions/workflow/" + id + "/export?format=json").json());

        ApiResponse csv = reviewer.get("/api/extractions/workflow/" + id + "/export?format=csv");
        assertEquals(200, csv.status(), csv.body());
        assertEquals("text/csv;charset=utf-8", csv.header("Content-Type").orElseThrow().replace(" ", "").toLowerCase());
        assertTrue(csv.header("Content-Disposition").orElseThrow().startsWith("attachment; filename=\"workflow-" + id + ".csv\""));
        String body = csv.body();
        assertTrue(body.startsWith("\"field\",\"value\"\r\n") && body.contains("\r\n\"invoice_number\",\"INV-2026-001\"\r\n"), body);
        assertTrue(body.contains("\r\n\"vendor_name\",\"ACME, \"\"Best\"\" Supplies\"\r\n"), body);
        assertTrue(body.contains("\r\n\"address\",\"Line 1\nLine 2\"\r\n"), body);
        assertTrue(body.contains("\r\n\"note\",\"'=cmd|' /C calc'!A0\"\r\n"), body);
        assertTrue(body.endsWith("\r\n\"'=HYPERLINK(1)\",\"-5\"\r\n"), body);
        assertEquals(fields.size() + 1, body.split("\r\n").length);

        assertError(422, "format: must be json or csv", reviewer.get("/api/extractions/workflow/" + id + "/export?format=xml"));
        assertError(404, "Workflow not found", reviewer.get("/api/extractions/workflow/" + UUID.randomUUID() + "/export"));
    }

    @Test
    void lineItemsAreCommittedAndExportedAsFieldsInLineOrder() {
        Api reviewer = as("reviewer");
        List<EInvoicePdfs.Line> lines = java.util.stream.IntStream.rangeClosed(1, 12)
                .mapToObj(n -> new EInvoicePdfs.Line("Item " + n, "1", n + ".00", n + ".00", "19")).toList();
        EInvoicePdfs.Invoice invoice = EInvoicePdfs.sample().withLines(lines);
        String document = Uploads.uploaded(reviewer, "twelve-lines.pdf",
                EInvoicePdfs.withAttachment(invoice, "factur-x.xml", EInvoicePdfs.cii(invoice)));
        String id = Reviewing.started(reviewer, document);
        assertEquals("extracted", WorkflowPolling.awaitEnd(reviewer, id, Reviewing.LIMIT).getString("status"));

        reviewed(reviewer, id, action("commit").add("fields", Json.createObjectBuilder().add("line_items.10.description", "Item ten")));

        String csv = reviewer.get("/api/extractions/workflow/" + id + "/export?format=csv").body();
        List<String> descriptions = csv.lines().filter(line -> line.matches("\"line_items\\.\\d+\\.description\",.*")).toList();
        assertEquals(12, descriptions.size(), csv);
        assertEquals("\"line_items.1.description\",\"Item 1\"", descriptions.get(0));
        assertEquals("\"line_items.9.description\",\"Item 9\"", descriptions.get(8));
        assertEquals("\"line_items.10.description\",\"Item ten\"", descriptions.get(9));
        assertEquals("\"line_items.12.description\",\"Item 12\"", descriptions.get(11));
        assertTrue(csv.indexOf("\"line_items.2.amount\",\"2.00\"") < csv.indexOf("\"line_items.3.description\",\"Item 3\""), csv);
    }

    @Test
    void clientsCannotSetStatusCommittedDataIdsOrTheVersion() {
        Api analyst = as("analyst");
        String id = extracted(analyst);
        JsonObject attempt = reviewed(analyst, id, action("save_draft").add("status", "committed").add("id", UUID.randomUUID().toString())
                .add("committed", Json.createObjectBuilder().add("fields", fields("total_amount", "0"))
                        .add("committed_by", "someone@docex.test"))
                .add("created_by", "someone@docex.test").add("draft", Json.createObjectBuilder().add("saved_by", "x"))
                .add("reviews", Json.createArrayBuilder()).add("result", JsonValue.EMPTY_JSON_OBJECT));

        assertEquals(id, attempt.getString("id"));
        assertEquals("in_review", attempt.getString("status"));
        assertTrue(attempt.isNull("committed"));
        assertEquals(usersEmail("analyst"), attempt.getJsonObject("draft").getString("saved_by"));
        assertEquals(usersEmail("analyst"), attempt.getString("created_by"));
        assertFalse(attempt.getJsonObject("result").isEmpty());
        assertEquals(1, attempt.getJsonArray("reviews").size());
        assertEquals(2, attempt.getInt("version"));
        assertEquals(409, review(analyst, id, action("save_draft").add("version", 99)).status(), "a version is checked, never set");
        assertEquals(2, workflow(analyst, id).getInt("version"));
    }

    /**
     * A value that does not fit its field's type is refused with every such field named, on a draft
     * and on a commit, and nothing changes; a field the extraction did not find takes the template's
     * type for its name; text fields take any text.
     */
    @Test
    void valuesThatDoNotFitTheirFieldsTypeAreRefusedByName() {
        Api reviewer = as("reviewer");
        String document = Uploads.uploaded(reviewer, "typed.pdf", Pdfs.text("Invoice", "Typed Values Supplies GmbH",
                "Invoice No.: TV-2026-001", "Invoice Date: 2026-11-02", "Total: 1,234.56 EUR"));
        String id = Reviewing.started(reviewer, document);
        assertEquals("extracted", WorkflowPolling.awaitEnd(reviewer, id, Reviewing.LIMIT).getString("status"));

        ApiResponse refused = review(reviewer, id, action("save_draft").add("fields", Json.createObjectBuilder()
                .add("total_amount", "seven hundred").add("invoice_date", "31.02.2026").add("vendor_name", "ACME 7")
                .add("due_date", "2026-02-31").add("iban", "DE00 1234").add("line_items.1.quantity", "two")));
        assertEquals(422, refused.status());
        String detail = refused.detail();
        assertTrue(detail.startsWith("fields: not a valid value for the field's type: "), detail);
        for (String name : List.of("total_amount (an amount such as 1234.50)", "invoice_date (a date such as 2026-03-31)",
                "due_date", "iban (an IBAN with valid check digits)", "line_items.1.quantity (a number")) {
            assertTrue(detail.contains(name), name + " in " + detail);
        }
        assertTrue(!detail.contains("vendor_name"), detail);
        assertEquals(422, review(reviewer, id, action("commit").add("fields", fields("total_amount", "1.234,56"))).status());
        JsonObject unchanged = workflow(reviewer, id);
        assertEquals(1, unchanged.getInt("version"));
        assertTrue(unchanged.getJsonArray("reviews").isEmpty());

        // A draft, not a commit: a commit would teach the vendor memory, which other classes on this server read.
        JsonObject saved = reviewed(reviewer, id, action("save_draft").add("fields", Json.createObjectBuilder()
                .add("total_amount", "1234.56").add("invoice_date", "2026-11-02").add("vendor_name", "Typed Values Supplies GmbH")
                .add("iban", "DE89 3704 0044 0532 0130 00")));
        assertEquals("in_review", saved.getString("status"));
        assertEquals("DE89 3704 0044 0532 0130 00", saved.getJsonObject("draft").getJsonObject("fields").getString("iban"));
    }

    @Test
    void malformedReviewsAreUnprocessableAndChangeNothing() {
        Api analyst = as("analyst");
        String id = extracted(analyst);
        assertError(422, "comment: a reason is required to reject", review(as("reviewer"), id, action("reject")));
        assertError(422, "comment: a reason is required to reject", review(as("reviewer"), id, action("reject").add("comment", " ")));
        assertError(422, "action: must be save_draft, commit, reject or reopen", review(analyst, id, action("approve")));
        assertError(422, "action: must be save_draft, commit, reject or reopen", review(analyst, id, Json.createObjectBuilder()));
        String longName = "n".repeat(101);
        assertTrue(review(analyst, id, action("save_draft").add("fields", fields(longName, "x"))).detail()
                .startsWith("fields: a field name must have 1 to 100 characters"));
        assertError(422, "fields: the value of 'notes' is longer than 10000 characters",
                review(analyst, id, action("save_draft").add("fields", fields("notes", "v".repeat(10_001)))));
        assertError(422, "fields: the value of 'total' must be a string or null",
                review(analyst, id, action("save_draft").add("fields", Json.createObjectBuilder().add("total", 12.5))));
        assertError(422, "fields: the value of 'total' must be a string or null",
                review(analyst, id, action("save_draft").add("fields", Json.createObjectBuilder().add("total", Json.createObjectBuilder()))));
        assertError(422, "fields: must be an object of field names to strings or null",
                review(analyst, id, action("save_draft").add("fields", "total=1")));
        assertError(422, "comment: at most 2000 characters", review(analyst, id, action("save_draft").add("comment", "c".repeat(2001))));
        assertEquals(400, analyst.postRaw("/api/extractions/workflow/" + id + "/review", "application/json", "{nope").status());
        JsonObject unchanged = workflow(analyst, id);
        assertEquals(1, unchanged.getInt("version"));
        assertEquals("extracted", unchanged.getString("status"));
        assertTrue(unchanged.getJsonArray("reviews").isEmpty());
        assertEquals(200, review(analyst, id, action("save_draft").add("fields", fields("n".repeat(100), "v".repeat(10_000)))).status());
    }

    @Test
    void aDocumentWithACommittedWorkflowIsDeletedOnlyByAnAdminWhoForcesIt() {
        Api analyst = as("analyst");
        String id = extracted(analyst);
        String document = workflow(analyst, id).getString("document_id");
        reviewed(as("reviewer"), id, action("commit"));

        assertError(409, "The document has a committed workflow", analyst.delete("/api/documents/" + document));
        assertError(409, "The document has a committed workflow; pass force=true to delete it anyway",
                as("admin").delete("/api/documents/" + document));
        assertEquals(204, as("admin").delete("/api/documents/" + document + "?force=true").status());
        assertError(404, "Workflow not found", analyst.get("/api/extractions/workflow/" + id));
    }

    @Test
    void aCommitRacingTheDeletionOfItsDocumentNeverLosesTheRecord() throws Exception {
        Api analyst = as("analyst");
        Api reviewer = as("reviewer");
        ExecutorService both = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 12; round++) {
                String id = extracted(analyst);
                String document = workflow(analyst, id).getString("document_id");
                CountDownLatch go = new CountDownLatch(1);
                Future<ApiResponse> commit = both.submit(() -> {
                    go.await();
                    return review(reviewer, id, action("commit"));
                });
                Future<ApiResponse> delete = both.submit(() -> {
                    go.await();
                    return analyst.delete("/api/documents/" + document);
                });
                go.countDown();
                ApiResponse committed = commit.get(60, TimeUnit.SECONDS);
                ApiResponse deleted = delete.get(60, TimeUnit.SECONDS);
                if (deleted.status() == 204) {
                    assertTrue(committed.status() == 404 || committed.status() == 409, "the commit of a deleted workflow "
                            + "must fail: " + committed.status() + " " + committed.body());
                    assertError(404, "Workflow not found", analyst.get("/api/extractions/workflow/" + id));
                } else {
                    assertError(409, "The document has a committed workflow", deleted);
                    assertEquals(200, committed.status(), committed.body());
                    assertEquals("committed", workflow(analyst, id).getString("status"));
                }
            }
        } finally {
            both.shutdownNow();
        }
    }

    @Test
    void reviewAndExportNeedAToken() {
        Api anonymous = api();
        String id = UUID.randomUUID().toString();
        for (ApiResponse answer : List.of(review(anonymous, id, action("save_draft")),
                anonymous.get("/api/extractions/workflow/" + id + "/export"),
                anonymous.get("/api/extractions/workflow/" + id + "/reviews"))) {
            assertError(401, "Not authenticated", answer);
        }
        String openApi = anonymous.get("/openapi").body();
        assertTrue(openApi.contains("/api/extractions/workflow/{id}/review:"), openApi);
        assertTrue(openApi.contains("/api/extractions/workflow/{id}/export:"), openApi);
        assertTrue(openApi.contains("/api/extractions/workflow/{id}/reviews:"), openApi);
    }

    /** A valid body for the action (a builder is spent once built). */
    private static JsonObjectBuilder body(String action) {
        return action.equals("reject") ? rejection() : action(action);
    }

    private static JsonObjectBuilder fields(String name, String value) {
        return Json.createObjectBuilder().add(name, value);
    }

    private static JsonObject change(String field, String from, String to) {
        JsonObjectBuilder change = Json.createObjectBuilder().add("field", field);
        change = from == null ? change.addNull("from") : change.add("from", from);
        return (to == null ? change.addNull("to") : change.add("to", to)).add("truncated", false).build();
    }

    /** A note of the longest value a field may have, numbered at its start. */
    private static String longNote(int number) {
        return (number + " " + "v".repeat(10_000)).substring(0, 10_000);
    }

    /** The number of the note a review set. */
    private static int noteNumber(JsonObject review) {
        String note = review.getJsonArray("changes").getJsonObject(0).getString("to");
        return Integer.parseInt(note.substring(0, note.indexOf(' ')));
    }

    /** Sends the requests at the same moment, each from a thread of its own. */
    @SafeVarargs
    private static List<ApiResponse> concurrently(Supplier<ApiResponse>... requests) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(requests.length);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<ApiResponse>> answers = new ArrayList<>();
            for (Supplier<ApiResponse> request : requests) {
                answers.add(threads.submit(() -> {
                    start.await();
                    return request.get();
                }));
            }
            WorkflowPolling.pause(Duration.ofMillis(100));
            start.countDown();
            List<ApiResponse> done = new ArrayList<>();
            for (Future<ApiResponse> answer : answers) {
                done.add(answer.get(60, TimeUnit.SECONDS));
            }
            return done;
        } finally {
            threads.shutdownNow();
        }
    }

    private Api as(String role) {
        if (role.equals("admin")) {
            return api().as(accounts().adminToken());
        }
        return api().as(USERS.computeIfAbsent(role, r -> accounts().signedIn(r)).token());
    }

    private String usersEmail(String role) {
        return role.equals("admin") ? Accounts.ADMIN_EMAIL : USERS.get(role).email();
    }
}
