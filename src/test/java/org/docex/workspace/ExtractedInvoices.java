package org.docex.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.Pdfs;
import org.docex.testing.Uploads;
import org.docex.extraction.WorkflowPolling;

/** The one-page invoice the workspace tests review, uploaded and extracted through the API. */
final class ExtractedInvoices {

    private ExtractedInvoices() {
    }

    static byte[] pdf() {
        return Pdfs.text("Invoice 1001", "ACME Supplies GmbH", "Invoice number: INV-1001", "Invoice date: 2026-11-02",
                "Due date: 2026-12-02", "Total: 12.50 EUR");
    }

    /** Uploads the invoice as {@code filename}, extracts it with the invoice template and answers the workflow's id. */
    static String extracted(Api admin, String filename) {
        String documentId = Uploads.uploaded(admin, filename, pdf());
        ApiResponse started = WorkflowPolling.start(admin, WorkflowPolling.request(documentId).add("template", "invoice"));
        assertEquals(202, started.status(), started.body());
        String id = started.json().getString("id");
        assertEquals("extracted", WorkflowPolling.awaitEnd(admin, id, Duration.ofSeconds(60)).getString("status"));
        return id;
    }
}
