package org.docex.extraction;

import static org.docex.extraction.WorkflowPolling.awaitEnd;
import static org.docex.extraction.WorkflowPolling.fields;
import static org.docex.extraction.WorkflowPolling.patternField;
import static org.docex.extraction.WorkflowPolling.request;
import static org.docex.extraction.WorkflowPolling.start;
import static org.docex.extraction.WorkflowPolling.started;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.ServerGroup;
import org.docex.testing.SharedServer;
import org.docex.testing.Uploads;
import org.junit.jupiter.api.Test;

/** Extraction workflows over HTTP: start, poll to the end, the result, hostile documents, errors, lists and roles. */
@SharedServer(ServerGroup.GENERAL)
class ExtractionIT extends BlackBoxTest {

    private static final Duration LIMIT = Duration.ofSeconds(120);
    /** Samples the upload takes (its contract says so); the rest may be refused there already. */
    private static final java.util.Set<String> MUST_BE_ACCEPTED = java.util.Set.of("jazzer-crash-matrix.pdf",
            "bomb-flate-1GiB.pdf", "scanned.pdf", "javascript.pdf", "enc-rc4-emptyuser.pdf", "acroform.pdf");
    private static String analystToken;

    @Test
    void anInvoiceIsQueuedThenExtractedWithTemplateAndCustomFields() {
        Api api = analyst();
        String document = Uploads.uploaded(api, "invoice.pdf", GeneratedPdfs.invoice());
        ApiResponse started = start(api, request(document).add("template", "invoice")
                .add("fields", fields(patternField("order", "Order Ref: (PO-\\d+)"))));

        assertEquals(202, started.status(), started.body());
        JsonObject queued = started.json();
        String id = queued.getString("id");
        assertEquals("/api/extractions/workflow/" + id, started.header("Location").map(l -> l.replaceFirst("^https?://[^/]+", "")).orElseThrow());
        assertEquals("queued", queued.getString("status"));
        assertEquals(document, queued.getString("document_id"));
        assertEquals("invoice", queued.getString("template"));
        assertEquals(1, queued.getInt("version"));
        assertTrue(queued.isNull("result") && queued.isNull("draft") && queued.isNull("committed"), queued.toString());
        assertEquals(0, queued.getJsonArray("reviews").size());
        assertEquals(1, queued.getJsonObject("progress").getInt("pages_total"));

        JsonObject done = awaitEnd(api, id, LIMIT);
        assertEquals("extracted", done.getString("status"), done.toString());
        assertTrue(done.isNull("error"));
        assertFalse(done.isNull("started_at") || done.isNull("finished_at"));
        assertEquals(Json.createObjectBuilder().add("pages_done", 1).add("pages_total", 1).build(), done.getJsonObject("progress"));
        JsonObject page = done.getJsonObject("result").getJsonArray("pages").getJsonObject(0);
        assertEquals(1, page.getInt("number"));
        assertTrue(page.getBoolean("has_text_layer"));
        assertTrue(page.getString("text").contains("Invoice No.: INV-2026-001"), page.toString());

        Map<String, JsonObject> found = fieldsOf(done);
        assertEquals("INV-2026-001", found.get("invoice_number").getString("value"));
        assertEquals("template", found.get("invoice_number").getString("source"));
        assertEquals("1234.56", found.get("total_amount").getString("value"));
        assertEquals("EUR", found.get("currency").getString("value"));
        JsonObject order = found.get("order");
        assertEquals("PO-7781", order.getString("value"));
        assertEquals("custom", order.getString("source"));
        assertEquals(1, order.getInt("page"));
        assertEquals(4, order.getJsonArray("bbox").size());
        double confidence = order.getJsonNumber("confidence").doubleValue();
        assertTrue(confidence >= 0 && confidence <= 1, order.toString());
        JsonObject latest = api.get("/api/documents/" + document).json().getJsonObject("latest_workflow");
        assertEquals(Json.createObjectBuilder().add("id", id).add("status", "extracted").build(), latest);
    }

    /** The same invoice in two different files (a scan and the PDF, a resend): the later one is told, naming the first. */
    @Test
    void anInvoiceReadBeforeFromAnotherDocumentFailsItsDuplicateCheck() {
        Api api = analyst();
        String number = "DUP-" + java.util.UUID.randomUUID().toString().substring(0, 8);
        String first = Uploads.uploaded(api, "original.pdf", org.docex.testing.Pdfs.text("Invoice", "ACME Supplies GmbH",
                "Invoice No.: " + number, "Invoice Date: 2026-11-02", "Total: 1,234.56 EUR"));
        String again = Uploads.uploaded(api, "resent.pdf", org.docex.testing.Pdfs.text("Invoice (copy)", "ACME Supplies GmbH",
                "Invoice No.: " + number, "Invoice Date: 2026-11-02", "Total: 1.234,56 EUR", "Sent again, as a reminder"));
        String other = Uploads.uploaded(api, "other.pdf", org.docex.testing.Pdfs.text("Invoice", "ACME Supplies GmbH",
                "Invoice No.: " + number, "Invoice Date: 2026-11-02", "Total: 99.00 EUR"));

        assertEquals("ok", duplicateCheck(api, first).getString("status"));
        JsonObject duplicate = duplicateCheck(api, again);
        assertEquals("mismatch", duplicate.getString("status"), duplicate.toString());
        assertEquals("Invoice " + number + " over 1234.56 was already read from original.pdf (document " + first
                + "). Make sure it is not paid twice.", duplicate.getString("detail"));
        assertEquals("ok", duplicateCheck(api, other).getString("status"), "another total is another invoice");
        // The original read again is no duplicate of its later copy, nor of itself.
        assertEquals("ok", duplicateCheck(api, first).getString("status"));
    }

    private static JsonObject duplicateCheck(Api api, String document) {
        JsonObject done = awaitEnd(api, start(api, request(document).add("template", "invoice")).json().getString("id"), LIMIT);
        return done.getJsonObject("result").getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                .filter(check -> check.getString("name").equals("duplicate_invoice")).findFirst()
                .orElseThrow(() -> new AssertionError(done.toString()));
    }

    @Test
    void anEInvoiceGivesItsFieldsAndLinesFromTheXmlWithChecksAndAHostileOneOnlyAWarning() {
        Api api = analyst();
        // A seller no other test commits an invoice of: on a server the classes share, the template reads
        // the print of the hostile one, not a rule another class's review taught.
        EInvoicePdfs.Invoice invoice = EInvoicePdfs.sample().withSeller("Elbufer Handel GmbH", "DE271828180",
                "DE89271828180003141592");
        String facturX = Uploads.uploaded(api, "factur-x.pdf",
                EInvoicePdfs.withAttachment(invoice, "factur-x.xml", EInvoicePdfs.cii(invoice)));
        String hostile = Uploads.uploaded(api, "laughs.pdf",
                EInvoicePdfs.withAttachment(invoice, "factur-x.xml", EInvoicePdfs.billionLaughs()));

        JsonObject done = awaitEnd(api, start(api, request(facturX).add("template", "invoice")).json().getString("id"), LIMIT);
        JsonObject laughs = awaitEnd(api, start(api, request(hostile).add("template", "invoice")).json().getString("id"), LIMIT);

        assertEquals("extracted", done.getString("status"), done.toString());
        Map<String, JsonObject> found = fieldsOf(done);
        assertEquals("1345.89", found.get("total_amount").getString("value"));
        assertEquals("embedded_xml", found.get("total_amount").getString("source"));
        assertEquals(1.0, found.get("total_amount").getJsonNumber("confidence").doubleValue());
        assertEquals("Softwarelizenz & Wartung", found.get("line_items.2.description").getString("value"));
        assertEquals("1.5", found.get("line_items.3.quantity").getString("value"));
        assertEquals("DE271828180", found.get("vendor_vat_id").getString("value"));
        JsonObject result = done.getJsonObject("result");
        JsonObject eInvoice = result.getJsonObject("metadata").getJsonObject("e_invoice");
        assertEquals("factur-x", eInvoice.getString("format"));
        assertEquals("CII", eInvoice.getString("syntax"));
        assertEquals("en16931", eInvoice.getString("profile"));
        assertEquals("urn:cen.eu:en16931:2017", eInvoice.getString("specification_id"));
        assertEquals("invoice", eInvoice.getString("document_type"));
        Map<String, String> checks = result.getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                .collect(java.util.stream.Collectors.toMap(check -> check.getString("name"), check -> check.getString("status")));
        assertEquals("ok", checks.get("visible_text_matches_xml"), result.toString());
        assertEquals("ok", checks.get("line_items.1.quantity_x_unit_price"));
        assertEquals("ok", checks.get("subtotal_plus_tax_is_total"));

        assertEquals("extracted", laughs.getString("status"), laughs.toString());
        assertEquals(List.of("The attached XML \"factur-x.xml\" could not be read: it declares a DTD, which is not allowed"),
                laughs.getJsonObject("result").getJsonArray("warnings").getValuesAs(jakarta.json.JsonString.class).stream()
                        .map(jakarta.json.JsonString::getString).toList());
        assertEquals("RE-2026-0042", fieldsOf(laughs).get("invoice_number").getString("value"));
        assertEquals("template", fieldsOf(laughs).get("invoice_number").getString("source"));
    }

    @Test
    void deletingTheDocumentOfARunningWorkflowTakesTheWorkflowAlongAndWorkGoesOn() {
        Api api = analyst();
        String document = Uploads.uploaded(api, "deleted.pdf", GeneratedPdfs.report(600));
        String id = started(api, document);
        while (WorkflowPolling.get(api, id).getString("status").equals("queued")) {
            WorkflowPolling.pause(Duration.ofMillis(20));
        }

        assertEquals(204, api.delete("/api/documents/" + document).status());

        assertError(404, "Workflow not found", api.get("/api/extractions/workflow/" + id));
        String next = started(api, Uploads.uploaded(api, "next.pdf", GeneratedPdfs.invoice()));
        assertEquals("extracted", awaitEnd(api, next, LIMIT).getString("status"));
    }

    @Test
    void progressReachesEveryPageOfALongerDocument() {
        Api api = analyst();
        String id = started(api, Uploads.uploaded(api, "report.pdf", GeneratedPdfs.report(40)));

        JsonObject done = awaitEnd(api, id, LIMIT);

        assertEquals("extracted", done.getString("status"), done.toString());
        assertEquals(40, done.getJsonObject("progress").getInt("pages_done"));
        assertEquals(40, done.getJsonObject("progress").getInt("pages_total"));
        List<JsonObject> pages = done.getJsonObject("result").getJsonArray("pages").getValuesAs(JsonObject.class);
        assertEquals(40, pages.size());
        assertEquals(40, pages.get(39).getInt("number"));
        assertTrue(pages.get(39).getString("text").contains("page 40"));
    }

    @Test
    void hostileDocumentsEndExtractedOrFailedAndTheServerCarriesOn() {
        Api api = analyst();
        for (String name : List.of("jazzer-crash-matrix.pdf", "bomb-flate-1GiB.pdf", "scanned.pdf", "cyclic-pagetree.pdf",
                "deep-nesting-100k.pdf", "pagecount-lie.pdf", "bomb-image-30000x30000.pdf", "javascript.pdf",
                "brokenxref.pdf", "enc-rc4-emptyuser.pdf", "acroform.pdf")) {
            ApiResponse upload = Uploads.upload(api, name, Uploads.resource(name));
            if (MUST_BE_ACCEPTED.contains(name)) {
                assertEquals(201, upload.status(), name + ": " + upload.body());
            } else if (upload.status() != 201) {
                continue;
            }
            JsonObject done = awaitEnd(api, started(api, upload.json().getString("id")), LIMIT);
            String error = done.isNull("error") ? null : done.getString("error");
            if (done.getString("status").equals("failed")) {
                assertFalse(error == null || error.isBlank() || error.contains("Exception") || error.contains("java."),
                        name + ": " + error);
            }
            if (name.equals("jazzer-crash-matrix.pdf")) {
                assertEquals("failed", done.getString("status"), name + ": " + done);
                assertTrue(error.matches("The (PDF|text on page \\d+) could not be (processed|extracted).*"), error);
            }
            if (name.equals("scanned.pdf")) {
                assertEquals("extracted", done.getString("status"), name + ": " + done);
                assertFalse(done.getJsonObject("result").getJsonArray("pages").getJsonObject(0).getBoolean("has_text_layer"));
            }
        }
        assertEquals(200, api.get("/api/users/me").status(), "the server still answers");
        assertEquals("extracted", awaitEnd(api, started(api, Uploads.uploaded(api, "after.pdf", GeneratedPdfs.invoice())), LIMIT)
                .getString("status"), "work goes on after hostile documents");
    }

    @Test
    void startingNeedsAKnownDocumentTemplateAndValidFields() {
        Api api = analyst();
        String document = Uploads.uploaded(api, "fields.pdf", GeneratedPdfs.invoice());
        assertError(404, "Document not found", start(api, request(UUID.randomUUID().toString())));
        assertError(404, "Document not found", start(api, request("not-an-id")));
        assertError(422, "document_id: must not be null", start(api, Json.createObjectBuilder().add("template", "invoice")));
        ApiResponse template = start(api, request(document).add("template", "receipt"));
        assertEquals(422, template.status(), template.body());
        assertTrue(template.detail().contains("receipt"), template.body());
        ApiResponse regex = start(api, request(document).add("fields", fields(patternField("broken", "(unclosed"))));
        assertEquals(422, regex.status(), regex.body());
        assertTrue(regex.detail().contains("Custom field 'broken': pattern is not a valid regular expression"), regex.body());
        ApiResponse type = start(api, request(document).add("fields",
                fields(patternField("odd", "x").add("type", "colour"))));
        assertEquals(422, type.status(), type.body());
        assertTrue(type.detail().contains("unknown type 'colour'"), type.body());
        JsonObject ignored = start(api, request(document).add("status", "committed").add("id", UUID.randomUUID().toString()))
                .json();
        assertEquals("queued", ignored.getString("status"), "status and id cannot be set by a client");
        assertEquals(400, api.postRaw("/api/extractions/extract/workflow", "application/json", "{nope").status());
    }

    @Test
    void anUnknownOrMalformedWorkflowIsNotFound() {
        assertError(404, "Workflow not found", analyst().get("/api/extractions/workflow/" + UUID.randomUUID()));
        assertError(404, "Workflow not found", analyst().get("/api/extractions/workflow/12345"));
    }

    @Test
    void listsFilterByDocumentAndStatusNewestFirstInPages() {
        Api api = analyst();
        String document = Uploads.uploaded(api, "listed.pdf", GeneratedPdfs.invoice());
        List<String> ids = List.of(started(api, document), started(api, document), started(api, document));
        ids.forEach(id -> awaitEnd(api, id, LIMIT));
        String filter = "/api/extractions/workflows?document_id=" + document;

        JsonObject all = list(api, filter);
        assertEquals(3, all.getInt("total"));
        assertEquals(List.of(ids.get(2), ids.get(1), ids.get(0)), idsOf(all));
        assertTrue(all.getJsonArray("items").getJsonObject(0).isNull("result"), "list items leave the result out");
        JsonObject second = list(api, filter + "&offset=2&limit=2");
        assertEquals(List.of(ids.get(0)), idsOf(second));
        assertEquals(2, second.getInt("offset"));
        assertEquals(2, second.getInt("limit"));
        assertEquals(3, list(api, filter + "&status=extracted").getInt("total"));
        assertEquals(0, list(api, filter + "&status=failed").getInt("total"));
        assertEquals(0, list(api, "/api/extractions/workflows?document_id=nonsense").getInt("total"));
        assertTrue(list(api, "/api/extractions/workflows?status=extracted").getInt("total") >= 3);
        assertEquals(422, api.get("/api/extractions/workflows?status=finished").status());
        assertEquals(422, api.get("/api/extractions/workflows?limit=201").status());
        assertEquals(422, api.get("/api/extractions/workflows?offset=-1").status());
    }

    @Test
    void everyRoleMayUseWorkflowsAndNobodyWithoutAToken() {
        Api anonymous = api();
        String document = Uploads.uploaded(analyst(), "roles.pdf", GeneratedPdfs.invoice());
        String workflow = started(analyst(), document);
        for (ApiResponse answer : List.of(start(anonymous, request(document)),
                anonymous.get("/api/extractions/workflow/" + workflow), anonymous.get("/api/extractions/workflows"))) {
            assertError(401, "Not authenticated", answer);
            assertEquals("Bearer", answer.header("WWW-Authenticate").orElse(null));
        }
        for (String role : List.of("analyst", "reviewer", "admin")) {
            Api caller = anonymous.as(accounts().signedIn(role).token());
            ApiResponse started = start(caller, request(document));
            assertEquals(202, started.status(), role + ": " + started.body());
            assertEquals(200, caller.get("/api/extractions/workflow/" + workflow).status(), role);
            assertEquals(200, caller.get("/api/extractions/workflows").status(), role);
        }
    }

    @Test
    void theOpenApiDocumentDescribesTheWorkflowEndpoints() {
        // As JSON: YAML folds long strings over lines, JSON keeps each whole.
        ApiResponse answer = api().send(api().request("/openapi").header("Accept", "application/json").GET());
        assertEquals(200, answer.status(), answer.body());
        JsonObject paths = answer.json().getJsonObject("paths");
        for (String path : List.of("/api/extractions/extract/workflow", "/api/extractions/workflow/{id}", "/api/extractions/workflows")) {
            assertTrue(paths.containsKey(path), path + " in " + paths.keySet());
        }
        for (String expected : List.of("Extraction workflows", "null to stay small", "counts: for every status")) {
            assertTrue(answer.body().contains(expected), expected + " in " + answer.body());
        }
    }

    private static JsonObject list(Api api, String path) {
        ApiResponse answer = api.get(path);
        assertEquals(200, answer.status(), answer.body());
        return answer.json();
    }

    private static List<String> idsOf(JsonObject page) {
        return page.getJsonArray("items").getValuesAs(JsonObject.class).stream().map(item -> item.getString("id")).toList();
    }

    private static Map<String, JsonObject> fieldsOf(JsonObject workflow) {
        return workflow.getJsonObject("result").getJsonArray("fields").getValuesAs(JsonObject.class).stream()
                .collect(Collectors.toMap(field -> field.getString("name"), field -> field, (first, second) -> first));
    }

    private static void assertError(int status, String detail, ApiResponse answer) {
        assertEquals(status, answer.status(), answer.body());
        assertEquals(detail, answer.detail());
    }

    private Api analyst() {
        if (analystToken == null) {
            analystToken = accounts().signedIn("analyst").token();
        }
        return api().as(analystToken);
    }
}
