package org.docex.ocr;

import static org.docex.extraction.WorkflowPolling.request;
import static org.docex.extraction.WorkflowPolling.start;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.time.Duration;
import org.docex.extraction.WorkflowPolling;
import org.docex.testing.Api;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.ServerGroup;
import org.docex.testing.SharedServer;
import org.docex.testing.Uploads;
import org.junit.jupiter.api.Test;

/**
 * OCR turned off by the operator (DOCEX_OCR=off): a scan is still extracted, with nothing read
 * from its image, and the result says why. The server stays ready.
 */
@SharedServer(ServerGroup.STRICT)
class OcrOffIT extends BlackBoxTest {

    @Test
    void aScanEndsExtractedWithTheWarningThatOcrIsOff() {
        Api api = api().as(accounts().signedIn("analyst").token());
        String document = Uploads.uploaded(api, "scan.pdf", ScannedPdfs.invoice());
        JsonObject done = WorkflowPolling.awaitEnd(api, start(api, request(document).add("template", "invoice"))
                .json().getString("id"), Duration.ofSeconds(60));

        assertEquals("extracted", done.getString("status"), done.toString());
        JsonObject result = done.getJsonObject("result");
        assertEquals("none", result.getJsonArray("pages").getJsonObject(0).getString("source"));
        String warning = result.getJsonArray("warnings").getString(0);
        assertTrue(warning.startsWith("OCR is turned off on this server (DOCEX_OCR=off): 1 page without a text layer"), warning);
        assertEquals(200, api().get("/health/ready").status());
    }
}
