package org.docex.ocr;

import static org.docex.extraction.WorkflowPolling.request;
import static org.docex.extraction.WorkflowPolling.start;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.time.Duration;
import org.docex.extraction.WorkflowPolling;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.ServerGroup;
import org.docex.testing.SharedServer;
import org.docex.testing.Uploads;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Scanned documents read by OCR, over HTTP: fields with boxes, where each page's text came from, page detail. */
@SharedServer(ServerGroup.GENERAL)
class OcrIT extends BlackBoxTest {

    private static final Duration LIMIT = Duration.ofSeconds(120);

    @BeforeAll
    static void tesseractLanguageDataIsInstalled() {
        ScannedPdfs.assumeOcrLanguageData();
    }

    @Test
    void aScannedInvoiceEndsExtractedWithFieldsReadByOcr() {
        Api api = analyst();
        String document = Uploads.uploaded(api, "scanned-invoice.pdf", ScannedPdfs.invoice());
        JsonObject done = extract(api, request(document).add("template", "invoice"));

        JsonObject page = done.getJsonObject("result").getJsonArray("pages").getJsonObject(0);
        assertEquals("ocr", page.getString("source"), page.toString());
        assertTrue(!page.getBoolean("has_text_layer"));
        JsonObject ocr = page.getJsonObject("ocr");
        assertEquals("tesseract", ocr.getString("engine"));
        assertEquals("eng+deu", ocr.getString("languages"));
        assertEquals(300, ocr.getInt("dpi"));
        assertTrue(ocr.getJsonNumber("mean_confidence").doubleValue() > 0.7, ocr.toString());
        assertTrue(page.getString("text").contains("INV-2026-001"), page.getString("text"));
        assertEquals(0, done.getJsonObject("result").getJsonArray("warnings").size(), done.toString());

        JsonObject total = field(done, "total_amount");
        assertEquals("1234.56", total.getString("value"));
        assertEquals("template", total.getString("source"));
        assertEquals(1, total.getInt("page"));
        double confidence = total.getJsonNumber("confidence").doubleValue();
        assertTrue(confidence > 0 && confidence < 1, "OCR confidence counts in: " + confidence);
        assertEquals("INV-2026-001", field(done, "invoice_number").getString("value"));
        assertEquals(4, total.getJsonArray("bbox").size());
    }

    @Test
    void thePageDetailGivesLinesWithBoxesAndConfidenceForScanAndTextLayerAlike() {
        Api api = analyst();
        String scanned = WorkflowPolling.awaitEnd(api, WorkflowPolling.started(api,
                Uploads.uploaded(api, "scan.pdf", ScannedPdfs.invoice())), LIMIT).getString("id");
        ApiResponse detail = api.get("/api/extractions/workflow/" + scanned + "/pages/1");
        assertEquals(200, detail.status(), detail.body());
        JsonObject page = detail.json();
        assertEquals(1, page.getInt("number"));
        assertEquals(595.0, page.getJsonNumber("width").doubleValue(), 1.0);
        assertEquals("ocr", page.getString("source"));
        JsonObject line = page.getJsonArray("lines").getValuesAs(JsonObject.class).stream()
                .filter(candidate -> candidate.getString("text").contains("INV-2026-001")).findFirst().orElseThrow();
        assertEquals(4, line.getJsonArray("bbox").size());
        assertTrue(line.getJsonNumber("confidence").doubleValue() > 0.5, line.toString());

        String digital = WorkflowPolling.awaitEnd(api, WorkflowPolling.started(api,
                Uploads.uploaded(api, "digital.pdf", org.docex.extraction.GeneratedPdfs.invoice())), LIMIT).getString("id");
        JsonObject text = api.get("/api/extractions/workflow/" + digital + "/pages/1").json();
        assertEquals("text_layer", text.getString("source"));
        assertEquals(1.0, text.getJsonArray("lines").getJsonObject(0).getJsonNumber("confidence").doubleValue());

        assertEquals(404, api.get("/api/extractions/workflow/" + digital + "/pages/2").status());
        assertEquals(404, api.get("/api/extractions/workflow/" + digital + "/pages/x").status());
        ApiResponse unknown = api.get("/api/extractions/workflow/00000000-0000-0000-0000-000000000000/pages/1");
        assertEquals(404, unknown.status());
        assertEquals("Workflow not found", unknown.json().getString("detail"));
        assertEquals(401, api().get("/api/extractions/workflow/" + digital + "/pages/1").status());
    }

    @Test
    void ocrNeverLeavesAScanUnreadAndSaysSo() {
        Api api = analyst();
        String document = Uploads.uploaded(api, "scan-never.pdf", ScannedPdfs.invoice());
        JsonObject done = extract(api, request(document).add("ocr", "never"));
        JsonObject page = done.getJsonObject("result").getJsonArray("pages").getJsonObject(0);
        assertEquals("none", page.getString("source"));
        assertTrue(page.isNull("ocr"));
        String warning = done.getJsonObject("result").getJsonArray("warnings").getString(0);
        assertTrue(warning.contains("\"never\"") && warning.contains("page 1"), warning);
    }

    @Test
    void anUnknownOcrOptionIsUnprocessable() {
        Api api = analyst();
        String document = Uploads.uploaded(api, "scan-bad.pdf", ScannedPdfs.invoice());
        ApiResponse refused = start(api, request(document).add("ocr", "sometimes"));
        assertEquals(422, refused.status());
        assertEquals("ocr: must be auto, always or never", refused.json().getString("detail"));
    }

    private JsonObject extract(Api api, jakarta.json.JsonObjectBuilder request) {
        ApiResponse started = start(api, request);
        assertEquals(202, started.status(), started.body());
        JsonObject done = WorkflowPolling.awaitEnd(api, started.json().getString("id"), LIMIT);
        assertEquals("extracted", done.getString("status"), done.toString());
        return done;
    }

    private static JsonObject field(JsonObject workflow, String name) {
        return workflow.getJsonObject("result").getJsonArray("fields").getValuesAs(JsonObject.class).stream()
                .filter(field -> field.getString("name").equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + name + " in " + workflow.getJsonObject("result").getJsonArray("fields")));
    }

    private Api analyst() {
        return api().as(accounts().signedIn("analyst").token());
    }
}
