package org.docex.documents;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.docex.documents.control.S3Bucket;
import org.docex.extraction.WorkflowPolling;
import org.docex.testing.Accounts;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.DocexDeployment;
import org.docex.testing.Pdfs;
import org.docex.testing.S3Proxy;
import org.docex.testing.ServerProcess;
import org.docex.testing.Uploads;
import org.junit.jupiter.api.Test;

/**
 * Documents kept in an S3 bucket (DOCEX_STORAGE=s3) of a real S3 API server (S3Proxy): an upload is in
 * the bucket before it is answered, extraction and page images read it from there, deleting the
 * document removes its objects; while the bucket is down an upload answers 503 with Retry-After and
 * leaves nothing behind, and docex recovers by itself when it is back. A missing bucket is refused with
 * its reason.
 */
class S3StorageIT {

    private static final String BUCKET = "docex-documents";

    @Test
    void documentsLiveInTheBucketAndABucketThatIsDownAnswers503() throws Exception {
        assumeTrue(S3Proxy.unavailable().isEmpty(), () -> S3Proxy.unavailable().get());
        Path data = Files.createDirectories(DocexDeployment.dataDir("s3-" + System.nanoTime()));
        try (S3Proxy s3 = S3Proxy.start(data, BUCKET)) {
            IllegalStateException missing = assertThrows(IllegalStateException.class, () -> new S3Bucket(Optional.of(s3.endpoint()),
                    "no-such-bucket", "us-east-1", S3Proxy.ACCESS_KEY, S3Proxy.SECRET_KEY, true).check());
            assertTrue(missing.getMessage().contains("no such bucket"), missing.getMessage());

            Map<String, String> settings = new HashMap<>(s3.settings(BUCKET));
            try (ServerProcess server = ServerProcess.start(data.resolve("node"), Accounts.environment(settings), data.resolve("server.log"))) {
                Api api = server.api().as(new Accounts(server.api()).adminToken());
                byte[] pdf = Pdfs.text("Invoice", "Lagerhaus Nord GmbH", "Invoice No.: S3-2026-1", "Total: 42.00 EUR");
                String id = Uploads.uploaded(api, "in-the-bucket.pdf", pdf);
                assertEquals(List.of("documents/" + id + ".pdf"), s3.keys(BUCKET));
                assertArrayEquals(pdf, Files.readAllBytes(data.resolve("s3").resolve("data").resolve(BUCKET).resolve("documents")
                        .resolve(id + ".pdf")), "the bucket holds the upload as sent");

                // This node's copy gone: extraction and the page image read the document from the bucket.
                Files.delete(data.resolve("node").resolve("documents").resolve(id + ".pdf"));
                String workflow = WorkflowPolling.start(api, WorkflowPolling.request(id).add("template", "invoice")).json().getString("id");
                assertEquals("extracted", WorkflowPolling.awaitEnd(api, workflow, Duration.ofSeconds(60)).getString("status"));
                assertEquals(200, api.get("/api/documents/" + id + "/pages/1/image?dpi=96").status());
                assertTrue(s3.keys(BUCKET).contains("renders/" + id + "/1-96.png"), s3.keys(BUCKET).toString());
                assertArrayEquals(pdf, api.get("/api/documents/" + id + "/content").bytes());

                // The bucket down: an upload is refused with 503, and nothing of it stays.
                s3.stop();
                long before = api.get("/api/documents/list").json().getJsonNumber("total").longValue();
                ApiResponse refused = Uploads.upload(api, "while-down.pdf", Pdfs.text("Invoice", "Down"));
                assertEquals(503, refused.status(), refused.body());
                assertTrue(refused.header("Retry-After").isPresent(), "503 says when to try again");
                assertEquals("Document storage is unavailable; try again shortly", refused.detail());
                s3.start();
                assertEquals(before, api.get("/api/documents/list").json().getJsonNumber("total").longValue(), "no document half-written");
                String after = Uploads.uploaded(api, "after.pdf", Pdfs.text("Invoice", "Back again"));
                assertTrue(s3.keys(BUCKET).contains("documents/" + after + ".pdf"), "stores again once the bucket is back");

                assertEquals(204, api.delete("/api/documents/" + id).status());
                assertTrue(s3.keys(BUCKET).stream().noneMatch(key -> key.contains(id)), "deleting removes its objects: " + s3.keys(BUCKET));
            }
        }
    }
}
