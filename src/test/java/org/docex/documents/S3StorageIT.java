package org.docex.documents;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;
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
 * its reason. At start, objects of documents docex does not know are swept from the bucket once they
 * are ten minutes old (an upload that never committed its row); newer ones, other names and known
 * documents' objects stay. Past DOCEX_S3_LOCAL_COPY_BYTES the node's copy used longest ago goes, and
 * is fetched again when used.
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

            Path objects = data.resolve("s3").resolve("data").resolve(BUCKET);
            String orphan = UUID.randomUUID().toString();
            List<String> orphaned = List.of("documents/" + orphan + ".pdf", "renders/" + orphan + "/1-96.png");
            orphaned.forEach(key -> object(objects, key, Instant.now().minus(Duration.ofHours(1))));
            List<String> spared = List.of("documents/" + UUID.randomUUID() + ".pdf", "documents/notes.txt");
            object(objects, spared.get(0), Instant.now());
            object(objects, spared.get(1), Instant.now().minus(Duration.ofHours(1)));

            Map<String, String> settings = new HashMap<>(s3.settings(BUCKET));
            String after;
            try (ServerProcess server = ServerProcess.start(data.resolve("node"), Accounts.environment(settings), data.resolve("server.log"))) {
                await(() -> s3.keys(BUCKET).stream().noneMatch(orphaned::contains), "the orphaned objects swept: " + s3.keys(BUCKET));
                Api api = server.api().as(new Accounts(server.api()).adminToken());
                byte[] pdf = Pdfs.text("Invoice", "Lagerhaus Nord GmbH", "Invoice No.: S3-2026-1", "Total: 42.00 EUR");
                String id = Uploads.uploaded(api, "in-the-bucket.pdf", pdf);
                assertEquals(Stream.concat(spared.stream(), Stream.of("documents/" + id + ".pdf")).sorted().toList(), s3.keys(BUCKET),
                        "the upload, and what the sweep spared: a recent object, a name that is not docex's");
                assertArrayEquals(pdf, Files.readAllBytes(data.resolve("s3").resolve("data").resolve(BUCKET).resolve("documents")
                        .resolve(id + ".pdf")), "the bucket holds the upload as sent");

                // This node's copy gone: extraction and the page image read the document from the bucket.
                Files.delete(data.resolve("node").resolve("documents").resolve(id + ".pdf"));
                String workflow = WorkflowPolling.start(api, WorkflowPolling.request(id).add("template", "invoice")).json().getString("id");
                assertEquals("extracted", WorkflowPolling.awaitEnd(api, workflow, Duration.ofSeconds(60)).getString("status"));
                assertEquals(200, api.get("/api/documents/" + id + "/pages/1/image?dpi=96").status());
                await(() -> s3.keys(BUCKET).contains("renders/" + id + "/1-96.png"), "the page image put in the background");
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
                after = Uploads.uploaded(api, "after.pdf", Pdfs.text("Invoice", "Back again"));
                assertTrue(s3.keys(BUCKET).contains("documents/" + after + ".pdf"), "stores again once the bucket is back");

                assertEquals(204, api.delete("/api/documents/" + id).status());
                assertTrue(s3.keys(BUCKET).stream().noneMatch(key -> key.contains(id)), "deleting removes its objects: " + s3.keys(BUCKET));
                Files.setLastModifiedTime(objects.resolve("documents").resolve(after + ".pdf"), FileTime.from(Instant.now().minus(Duration.ofHours(1))));
                Files.setLastModifiedTime(data.resolve("node").resolve("documents").resolve(after + ".pdf"),
                        FileTime.from(Instant.now().minus(Duration.ofHours(1))));
            }

            // Restarted with room for no copies: an old orphan goes again, a known document's old object stays; past the
            // budget this node's copy used an hour ago goes, and comes back from the bucket when it is used.
            orphaned.forEach(key -> object(objects, key, Instant.now().minus(Duration.ofHours(1))));
            settings.put("DOCEX_S3_LOCAL_COPY_BYTES", "1");
            try (ServerProcess server = ServerProcess.start(data.resolve("node"), Accounts.environment(settings), data.resolve("server.log"))) {
                await(() -> s3.keys(BUCKET).stream().noneMatch(orphaned::contains), "the orphaned objects swept: " + s3.keys(BUCKET));
                assertTrue(s3.keys(BUCKET).contains("documents/" + after + ".pdf"), "a known document's object stays, however old");
                Api api = server.api().as(new Accounts(server.api()).adminToken());
                Path copy = data.resolve("node").resolve("documents").resolve(after + ".pdf");
                assertTrue(Files.exists(copy));
                String recent = Uploads.uploaded(api, "recent.pdf", Pdfs.text("Invoice", "Recent"));
                assertTrue(Files.exists(data.resolve("node").resolve("documents").resolve(recent + ".pdf")), "used just now: kept");
                assertFalse(Files.exists(copy), "the copy used an hour ago made room");
                assertEquals(200, api.get("/api/documents/" + after + "/content").status());
                assertTrue(Files.exists(copy), "fetched again from the bucket");
            }
        }
    }

    /** An object as the store's filesystem backend keeps it, last written at {@code written}. */
    private static void object(Path objects, String key, Instant written) {
        try {
            Path file = objects.resolve(key);
            Files.createDirectories(file.getParent());
            Files.write(file, new byte[] {1});
            Files.setLastModifiedTime(file, FileTime.from(written));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @FunctionalInterface
    private interface Check {
        boolean holds() throws Exception;
    }

    private static void await(Check check, String what) throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        while (!check.holds()) {
            assertTrue(Instant.now().isBefore(deadline), what);
            Thread.sleep(200);
        }
    }
}
