package org.docex.ocr;

import static org.docex.extraction.WorkflowPolling.request;
import static org.docex.extraction.WorkflowPolling.start;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.Map;
import org.docex.extraction.WorkflowPolling;
import org.docex.testing.Accounts;
import org.docex.testing.Api;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.DocexDeployment;
import org.docex.testing.Uploads;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/** A page that takes longer than the OCR time budget ends that page, not the workflow or the server. */
class OcrBudgetIT extends BlackBoxTest {

    @Deployment(testable = false)
    static WebArchive deployment() {
        // No real page is read in a millisecond: every page runs into the budget.
        return DocexDeployment.war("ocr-budget", Accounts.settings(Map.of("docex.ocr-page-seconds", "0.001")));
    }

    @org.junit.jupiter.api.BeforeAll
    static void tesseractLanguageDataIsInstalled() {
        ScannedPdfs.assumeOcrLanguageData();
    }

    @Test
    void aPageOverItsTimeBudgetEndsWithAWarningAndTheServerGoesOn() {
        Api api = api().as(accounts().signedIn("analyst").token());
        String first = Uploads.uploaded(api, "scan.pdf", ScannedPdfs.invoice());
        String second = Uploads.uploaded(api, "scan-2.pdf", ScannedPdfs.invoice());
        String one = start(api, request(first)).json().getString("id");
        String two = start(api, request(second)).json().getString("id");

        for (String id : new String[] {one, two}) {
            JsonObject done = WorkflowPolling.awaitEnd(api, id, Duration.ofSeconds(90));
            assertEquals("extracted", done.getString("status"), done.toString());
            String warnings = done.getJsonObject("result").getJsonArray("warnings").toString();
            assertTrue(warnings.contains("Page 1: OCR stopped at its time budget of 0.001 s"), warnings);
        }
        assertEquals(200, api().get("/health/ready").status());
        assertEquals(200, api.get("/api/users/me").status());
    }
}
