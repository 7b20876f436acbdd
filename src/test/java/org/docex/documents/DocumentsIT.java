package org.docex.documents;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.docex.extraction.EInvoicePdfs;
import org.docex.extraction.WorkflowPolling;
import org.docex.testing.Accounts.Account;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.Pdfs;
import org.docex.testing.ServerGroup;
import org.docex.testing.SharedServer;
import org.docex.testing.Uploads;
import org.junit.jupiter.api.Test;

/** Uploading, listing, downloading, rendering and deleting documents, hostile files included. */
@SharedServer(ServerGroup.GENERAL)
class DocumentsIT extends BlackBoxTest {

    static final long LIMIT = ServerGroup.MAX_UPLOAD_BYTES;
    static final long RENDER_CACHE_BYTES = ServerGroup.RENDER_CACHE_BYTES;
    private static Account analyst;

    @Test
    void eachSampleFileGetsItsDocumentedAnswer() {
        Map<String, Integer> expected = new java.util.LinkedHashMap<>();
        expected.put("good.pdf", 201);
        expected.put("acroform.pdf", 201);
        expected.put("javascript.pdf", 201);
        expected.put("scanned.pdf", 201);
        expected.put("brokenxref.pdf", 201);
        expected.put("enc-rc4-emptyuser.pdf", 201);
        expected.put("enc-rc4-userpw123.pdf", 422);
        expected.put("enc-aes256.pdf", 422);
        expected.put("not-a-pdf.pdf", 415);
        expected.put("truncated.pdf", 422);
        expected.put("pagecount-lie.pdf", 201);
        expected.put("cyclic-pagetree.pdf", 422);
        expected.put("deep-nesting-100k.pdf", 422);
        expected.put("pages-20000.pdf", 422);
        expected.put("bomb-flate-1GiB.pdf", 201);
        expected.put("bomb-image-30000x30000.pdf", 201);
        expected.put("jazzer-crash-matrix.pdf", 201);
        List<String> wrong = new ArrayList<>();
        Map<String, JsonObject> accepted = new java.util.HashMap<>();
        expected.forEach((file, status) -> {
            ApiResponse answer = Uploads.uploadResource(me(), file);
            if (answer.status() != status) {
                wrong.add(file + ": expected " + status + ", got " + answer);
            } else if (status == 201) {
                accepted.put(file, answer.json());
            } else {
                assertFalse(answer.detail().isBlank(), file);
            }
        });
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));

        assertTrue(accepted.get("acroform.pdf").getBoolean("has_forms"));
        assertFalse(accepted.get("good.pdf").getBoolean("has_forms"));
        assertTrue(accepted.get("enc-rc4-emptyuser.pdf").getBoolean("encrypted"));
        assertFalse(accepted.get("good.pdf").getBoolean("encrypted"));
        assertEquals(1, accepted.get("pagecount-lie.pdf").getInt("page_count"));
        assertEquals("The file is not a readable PDF", Uploads.uploadResource(me(), "truncated.pdf").detail());
        assertEquals("The file is not a PDF, an XML e-invoice or an image (JPEG, PNG, TIFF)",
                Uploads.uploadResource(me(), "not-a-pdf.pdf").detail());
        String bombImage = accepted.get("bomb-image-30000x30000.pdf").getString("id");
        ApiResponse render = me().get("/api/documents/" + bombImage + "/pages/1/image");
        assertEquals(422, render.status(), "an image too large to render is refused, not a 500: " + render);
        String jazzer = accepted.get("jazzer-crash-matrix.pdf").getString("id");
        int jazzerRender = me().get("/api/documents/" + jazzer + "/pages/1/image").status();
        assertTrue(jazzerRender == 200 || jazzerRender == 422, "status " + jazzerRender);
        assertEquals(200, api().get("/health/ready").status(), "still healthy after the whole set");
    }

    @Test
    void anAcceptedUploadDescribesTheDocument() throws Exception {
        byte[] pdf = Pdfs.text("Quarterly report", "Hello docex");
        ApiResponse created = Uploads.upload(me(), "report.pdf", pdf);

        assertEquals(201, created.status(), created.body());
        JsonObject document = created.json();
        assertEquals("/api/documents/" + document.getString("id"),
                java.net.URI.create(created.header("Location").orElseThrow()).getPath());
        assertEquals("report.pdf", document.getString("filename"));
        assertEquals(pdf.length, document.getInt("size_bytes"));
        assertEquals(sha256(pdf), document.getString("sha256"));
        assertEquals("application/pdf", document.getString("content_type"));
        assertEquals(1, document.getInt("page_count"));
        assertEquals("Quarterly report", document.getString("title"));
        assertEquals("docex tests", document.getString("author"));
        assertFalse(document.getString("pdf_version").isBlank());
        assertEquals(analyst().email(), document.getString("uploaded_by"));
        assertTrue(document.getString("uploaded_at").endsWith("Z"));
        assertTrue(document.isNull("latest_workflow"));
        assertEquals(document, me().get("/api/documents/" + document.getString("id")).json());
    }

    @Test
    void uploadsWithoutAUsableFilePartAre422() {
        expect(422, Uploads.upload(me(), "empty.pdf", new byte[0]));
        expect(422, Uploads.uploadPart(me(), "document", "good.pdf", Uploads.resource("good.pdf")));
        String boundary = "nothing-here";
        expect(422, me().send(me().request("/api/documents/upload")
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofString("--" + boundary + "--\r\n"))));
        expect(422, me().send(me().request("/api/documents/upload")
                .header("Content-Type", "multipart/form-data; boundary=x")
                .POST(HttpRequest.BodyPublishers.ofString("this is not multipart"))));
        expect(415, me().postRaw("/api/documents/upload", "application/pdf", "%PDF-1.7"));
    }

    @Test
    void anOverLimitUploadIs413() {
        byte[] tooLarge = new byte[(int) LIMIT + 1];
        System.arraycopy("%PDF-1.7\n".getBytes(), 0, tooLarge, 0, 9);
        ApiResponse answer = Uploads.upload(me(), "large.pdf", tooLarge);
        assertEquals(413, answer.status(), answer.body());
        assertEquals("The file is larger than the limit of 3 MiB", answer.detail(), "the limit as a person reads it");
    }

    @Test
    void aStreamedOverLimitUploadIsCutOffWithoutReadingItAll() {
        long endless = 200L * 1024 * 1024;
        AtomicLong sent = new AtomicLong();
        String boundary = "stream-" + UUID.randomUUID();
        byte[] head = ("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big.pdf\"\r\n\r\n%PDF-1.7\n")
                .getBytes();
        HttpRequest.BodyPublisher chunked = HttpRequest.BodyPublishers.ofInputStream(() -> new InputStream() {
            @Override
            public int read() {
                long at = sent.getAndIncrement();
                return at < head.length ? head[(int) at] : (at < endless ? 'x' : -1);
            }

            @Override
            public int read(byte[] b, int off, int len) {
                int n = 0;
                while (n < len) {
                    int c = read();
                    if (c < 0) {
                        return n == 0 ? -1 : n;
                    }
                    b[off + n++] = (byte) c;
                }
                return n;
            }
        });
        int status;
        try {
            status = me().sendAlone(me().request("/api/documents/upload")
                    .header("Content-Type", "multipart/form-data; boundary=" + boundary).POST(chunked)).status();
        } catch (RuntimeException connectionClosedByServer) {
            status = 413;
        }
        assertEquals(413, status);
        assertTrue(sent.get() < endless / 2, "the server stopped reading early; client sent " + sent.get() + " bytes");
        assertEquals(200, api().get("/health/ready").status());
    }

    @Test
    void aRejectedUploadLeavesTheDataDirectoryAsItWas() throws IOException {
        Uploads.uploadResource(me(), "good.pdf");
        List<String> before = filesUnder(dataDir());
        expect(422, Uploads.uploadResource(me(), "truncated.pdf"));
        expect(415, Uploads.uploadResource(me(), "not-a-pdf.pdf"));
        expect(413, Uploads.upload(me(), "x.pdf", new byte[(int) LIMIT + 10]));
        expect(415, Uploads.upload(me(), "page.xml", "<html/>".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        expect(422, Uploads.upload(me(), "laughs.xml", org.docex.extraction.EInvoicePdfs.billionLaughs()));
        assertEquals(before, filesUnder(dataDir()));
    }

    @Test
    void listFiltersSortsAndPages() {
        String token = UUID.randomUUID().toString().substring(0, 8);
        for (String name : List.of("b-" + token + ".pdf", "a-" + token + ".pdf", "c-" + token + ".pdf")) {
            assertEquals(201, Uploads.upload(me(), name, Pdfs.text("Doc " + name, "text")).status());
        }
        Uploads.upload(me(), "other.pdf", Pdfs.text("Mentions " + token.toUpperCase() + " in the title", "text"));

        JsonObject matches = me().get("/api/documents/list?q=" + token.toUpperCase()).json();
        assertEquals(4, matches.getInt("total"), "file name or title, any case");
        assertTrue(matches.getBoolean("total_exact"));
        assertEquals(List.of("a-" + token + ".pdf", "b-" + token + ".pdf", "c-" + token + ".pdf"),
                names(me().get("/api/documents/list?q=-" + token + "&sort=filename").json()));
        assertEquals(List.of("c-" + token + ".pdf", "b-" + token + ".pdf", "a-" + token + ".pdf"),
                names(me().get("/api/documents/list?q=-" + token + "&sort=-filename").json()));
        assertEquals(List.of("c-" + token + ".pdf", "a-" + token + ".pdf", "b-" + token + ".pdf"),
                names(me().get("/api/documents/list?q=-" + token).json()), "newest first by default");
        assertEquals(List.of("b-" + token + ".pdf", "a-" + token + ".pdf", "c-" + token + ".pdf"),
                names(me().get("/api/documents/list?q=-" + token + "&sort=uploaded_at").json()));

        JsonObject page = me().get("/api/documents/list?q=-" + token + "&sort=filename&offset=1&limit=1").json();
        assertEquals(List.of("b-" + token + ".pdf"), names(page));
        assertEquals(3, page.getInt("total"));
        assertEquals(1, page.getInt("offset"));
        assertEquals(1, page.getInt("limit"));
        assertEquals(0, me().get("/api/documents/list?q=%25").json().getJsonArray("items").stream()
                .filter(d -> !d.asJsonObject().getString("filename").contains("%")).count(), "% is a literal");
        expect(422, me().get("/api/documents/list?sort=size"));
        expect(422, me().get("/api/documents/list?limit=500"));
    }

    @Test
    void pagesThroughTheWholeListInEachOrder() {
        for (int i = 0; i < 3; i++) {
            Uploads.upload(me(), "page-" + i + ".pdf", Pdfs.text("Page " + i, "text"));
        }
        for (String sort : List.of("uploaded_at", "-uploaded_at", "filename", "-filename")) {
            JsonObject all = me().get("/api/documents/list?limit=200&sort=" + sort).json();
            int total = all.getInt("total");
            assertTrue(total >= 3 && total <= 200, "total " + total);
            // Pages past the middle are read from the other end of the index; the answer must not show it.
            List<String> paged = new ArrayList<>();
            for (int offset = 0; offset < total; offset += 2) {
                paged.addAll(ids(me().get("/api/documents/list?limit=2&offset=" + offset + "&sort=" + sort).json()));
            }
            assertEquals(ids(all), paged, sort);
            assertEquals(total, Set.copyOf(paged).size(), sort);
            assertEquals(List.of(), ids(me().get("/api/documents/list?offset=" + total + "&sort=" + sort).json()));
        }
    }

    private static List<String> ids(JsonObject page) {
        return page.getJsonArray("items").stream().map(d -> d.asJsonObject().getString("id")).toList();
    }

    @Test
    void searchFindsSubstringsOnlyAndForgetsDeletedDocuments() {
        String token = UUID.randomUUID().toString().substring(0, 8);
        // Every three-character piece of "k<token>j" is in this name, but "k<token>j" itself is not.
        String pieces = "k" + token + "-" + token + "j.pdf";
        String id = Uploads.upload(me(), pieces, Pdfs.text("Pieces", "text")).json().getString("id");

        assertEquals(0, me().get("/api/documents/list?q=k" + token + "j").json().getInt("total"));
        JsonObject whole = me().get("/api/documents/list?q=K" + token + "-" + token + "J.PDF").json();
        assertEquals(List.of(pieces), names(whole), "a long query, any case");
        assertEquals(1, whole.getInt("total"));
        JsonObject shortQuery = me().get("/api/documents/list?q=" + token.substring(6).toUpperCase(Locale.ROOT)).json();
        assertEquals(pieces, names(shortQuery).get(0), "a two-character query matches too, newest first");

        assertEquals(204, me().delete("/api/documents/" + id).status());
        assertEquals(0, me().get("/api/documents/list?q=k" + token + "-").json().getInt("total"));
    }

    @Test
    void unknownAndMalformedIdsAre404() {
        for (String path : List.of("/api/documents/" + UUID.randomUUID(), "/api/documents/not-an-id",
                "/api/documents/" + UUID.randomUUID() + "/content", "/api/documents/x/pages/1/image")) {
            ApiResponse answer = me().get(path);
            assertEquals(404, answer.status(), path);
            assertEquals("Document not found", answer.detail());
        }
    }

    @Test
    void contentIsTheOriginalBytesWithETagAndASafeFilename() {
        byte[] pdf = Pdfs.text("Download me", "bytes");
        String id = Uploads.upload(me(), "../../etc/\"evil\"\r\nX-Injected: 1.pdf", pdf).json().getString("id");
        ApiResponse content = me().get("/api/documents/" + id + "/content");

        assertEquals(200, content.status());
        assertArrayEquals(pdf, content.bytes());
        assertEquals("application/pdf", content.header("Content-Type").orElseThrow());
        assertEquals("\"" + sha256(pdf) + "\"", content.header("ETag").orElseThrow());
        String disposition = content.header("Content-Disposition").orElseThrow();
        assertTrue(disposition.startsWith("attachment"), disposition);
        assertFalse(disposition.contains("/") || disposition.contains("\r") || disposition.contains("\n"), disposition);
        assertTrue(content.header("X-Injected").isEmpty());
        ApiResponse again = me().send(me().request("/api/documents/" + id + "/content")
                .header("If-None-Match", content.header("ETag").orElseThrow()).GET());
        assertEquals(304, again.status());
    }

    /**
     * An XML e-invoice is a document like a PDF: recognised by its content whatever its name, kept as
     * it came (content, ETag, size), with pages to look at (docex's rendering) and fields from the XML.
     * Other XML is 415, hostile or broken XML 422, and a refused upload leaves nothing behind.
     */
    /** The same bytes uploaded again: a document of its own all the same, which names the earlier one. */
    @Test
    void anUploadOfBytesAlreadyStoredNamesTheEarlierDocument() {
        byte[] pdf = Pdfs.text("Sent twice " + UUID.randomUUID(), "An invoice a supplier sent twice");
        ApiResponse first = Uploads.upload(me(), "first.pdf", pdf);
        ApiResponse second = Uploads.upload(me(), "second.pdf", pdf);
        assertEquals(201, second.status(), second.body());
        String firstId = first.json().getString("id");
        String secondId = second.json().getString("id");
        assertTrue(first.json().isNull("duplicate_of"), first.body());
        assertEquals(firstId, second.json().getString("duplicate_of"));
        assertEquals(firstId, me().get("/api/documents/" + secondId).json().getString("duplicate_of"));
        JsonObject listed = me().get("/api/documents/list?q=second.pdf&limit=100").json().getJsonArray("items")
                .getValuesAs(JsonObject.class).stream().filter(item -> item.getString("id").equals(secondId)).findFirst().orElseThrow();
        assertEquals(firstId, listed.getString("duplicate_of"));
        assertTrue(me().get("/api/documents/" + firstId).json().isNull("duplicate_of"));

        // The earlier one deleted, nothing is left to name.
        assertEquals(204, me().delete("/api/documents/" + firstId).status());
        assertTrue(me().get("/api/documents/" + secondId).json().isNull("duplicate_of"));
    }

    /**
     * A batch with split=separator: a document per part between docex's separator sheets (printed from the sheet
     * endpoint, which needs no sign-in), the sheets dropped; without separators it is one document as uploaded.
     */
    @Test
    void aBatchUploadWithSplitSeparatorBecomesADocumentPerPart() throws IOException {
        ApiResponse sheet = api().get("/api/documents/separator-sheet");
        assertEquals(200, sheet.status(), "the separator sheet needs no sign-in");
        assertEquals("application/pdf", sheet.header("Content-Type").orElseThrow());
        String marker = UUID.randomUUID().toString().substring(0, 8);
        byte[] batch = Pdfs.joined(Pdfs.withPages("Batch", new String[] {"Invoice " + marker + "-1", "page 1 of 2"},
                        new String[] {"Invoice " + marker + "-1", "page 2 of 2"}),
                sheet.bytes(), Pdfs.text("Batch", "Invoice " + marker + "-2"), sheet.bytes());

        ApiResponse answer = Uploads.uploadTo(me(), "/api/documents/upload?split=separator", "file", "batch-" + marker + ".pdf", batch);
        assertEquals(201, answer.status(), answer.body());
        List<JsonObject> documents = answer.json().getJsonArray("documents").getValuesAs(JsonObject.class);
        assertEquals(List.of("batch-" + marker + " (pages 1-2).pdf", "batch-" + marker + " (page 4).pdf"),
                documents.stream().map(d -> d.getString("filename")).toList());
        assertEquals(List.of(2, 1), documents.stream().map(d -> d.getInt("page_count")).toList());
        assertEquals(List.of(), answer.json().getJsonArray("proposed_splits"));
        assertTrue(answer.header("Location").orElseThrow().endsWith("/documents/" + documents.get(0).getString("id")));
        String second = documents.get(1).getString("id");
        assertEquals("application/pdf", me().get("/api/documents/" + second).json().getString("content_type"));
        try (PDDocument part = Loader.loadPDF(me().get("/api/documents/" + second + "/content").bytes())) {
            assertTrue(new PDFTextStripper().getText(part).contains("Invoice " + marker + "-2"));
            assertEquals(1, part.getNumberOfPages());
        }

        byte[] letter = Pdfs.withPages("Letter", new String[] {"Dear customer"}, new String[] {"Kind regards"});
        ApiResponse whole = Uploads.uploadTo(me(), "/api/documents/upload?split=separator", "file", "letter.pdf", letter);
        assertEquals(201, whole.status(), whole.body());
        JsonObject one = whole.json().getJsonArray("documents").getJsonObject(0);
        assertEquals(1, whole.json().getJsonArray("documents").size());
        assertEquals("letter.pdf", one.getString("filename"));
        assertArrayEquals(letter, me().get("/api/documents/" + one.getString("id") + "/content").bytes());

        ApiResponse onlySheets = Uploads.uploadTo(me(), "/api/documents/upload?split=separator", "file", "sheets.pdf",
                Pdfs.joined(sheet.bytes(), sheet.bytes()));
        expect(422, onlySheets);
        assertEquals("file: every page is a separator sheet or blank", onlySheets.detail());
        ApiResponse tooLong = Uploads.uploadTo(me(), "/api/documents/upload?split=separator", "file", "long.pdf",
                Pdfs.manyPages(501));
        expect(422, tooLong);
        assertEquals("file: a batch is cut into documents up to 500 pages; this one has 501", tooLong.detail());
        ApiResponse unknown = Uploads.uploadTo(me(), "/api/documents/upload?split=pages", "file", "x.pdf", letter);
        expect(422, unknown);
        assertEquals("split: must be none, separator or suggest", unknown.detail());
    }

    /**
     * A scanned batch (a TIFF of four pages, no text layer) with split=suggest: one document, and proposals where a new
     * invoice starts, read by OCR from the pages' headers: "Page 2 of 2" continues the first invoice, a new number
     * starts the next. A person confirms them with POST .../splits.
     */
    @Test
    void aScannedBatchWithSplitSuggestProposesWhereEachInvoiceStarts() throws IOException {
        org.docex.ocr.ScannedPdfs.assumeOcrLanguageData();
        byte[] scan = org.docex.testing.ImageFiles.tiff(List.of(
                org.docex.testing.ImageFiles.page(2480, 1754, "Acme Supplies Ltd", "Invoice No: SP-4711",
                        "Invoice Date: 03.11.2026", "Page 1 of 2"),
                org.docex.testing.ImageFiles.page(2480, 1754, "Acme Supplies Ltd", "Invoice No: SP-4711", "Page 2 of 2",
                        "Total: 1,234.00 EUR"),
                org.docex.testing.ImageFiles.page(2480, 1754, "Blaue Werkstatt GmbH", "Rechnungsnummer: BW-2026-19",
                        "Rechnungsdatum: 05.11.2026", "Gesamtbetrag: 99,00 EUR"),
                org.docex.testing.ImageFiles.page(2480, 1754, "Cedar Works Inc", "Invoice Number: CW-88",
                        "Invoice Date: 07.11.2026", "Total: 12.00 EUR")));

        ApiResponse answer = Uploads.uploadTo(me(), "/api/documents/upload?split=suggest", "file", "scan.tiff", scan);
        assertEquals(201, answer.status(), answer.body());
        assertEquals(1, answer.json().getJsonArray("documents").size());
        JsonObject batch = answer.json().getJsonArray("documents").getJsonObject(0);
        assertEquals("image/tiff", batch.getString("content_type"));
        assertEquals(4, batch.getInt("page_count"));
        String proposed = "[[1,2],[3,3],[4,4]]";
        assertEquals(proposed, answer.json().getJsonArray("proposed_splits").toString());
        assertEquals(proposed, batch.getJsonArray("proposed_splits").toString());
        String id = batch.getString("id");
        ApiResponse proposals = me().get("/api/documents/" + id + "/splits");
        assertEquals(200, proposals.status(), proposals.body());
        assertEquals(proposed, proposals.json().getJsonArray("proposed_splits").toString());

        ApiResponse confirmed = me().post("/api/documents/" + id + "/splits", ranges(proposed));
        assertEquals(201, confirmed.status(), confirmed.body());
        assertEquals(List.of("scan (pages 1-2).pdf", "scan (page 3).pdf", "scan (page 4).pdf"),
                confirmed.json().getJsonArray("documents").getValuesAs(JsonObject.class).stream()
                        .map(d -> d.getString("filename")).toList());
    }

    /**
     * split=suggest on a printed batch with a separator sheet: a document per part, each with its own proposals in its
     * own pages, and the answer's proposals in the pages of the file as uploaded. A document uploaded without asking
     * works its proposals out at the first GET .../splits.
     */
    @Test
    void aPrintedBatchWithSplitSuggestHasProposalsPerPartAndLaterOnesOnAsking() throws IOException {
        // Invoice numbers have digits: a run of letters alone is read as no number.
        String marker = String.valueOf(100_000 + (System.nanoTime() / 1000) % 900_000);
        byte[] sheet = api().get("/api/documents/separator-sheet").bytes();
        byte[] batch = Pdfs.joined(
                Pdfs.withPages("Batch", new String[] {"Invoice No: A-" + marker, "Invoice date: 2026-11-02", "Total: 10.00 EUR"},
                        new String[] {"Invoice No: B-" + marker, "Invoice date: 2026-11-03", "Total: 20.00 EUR"}),
                sheet,
                Pdfs.withPages("Batch", new String[] {"Invoice No: C-" + marker, "Invoice date: 2026-11-04", "Page 1 of 2"},
                        new String[] {"Invoice No: C-" + marker, "Page 2 of 2", "Total: 30.00 EUR"},
                        new String[] {"Invoice No: D-" + marker, "Invoice date: 2026-11-05", "Total: 40.00 EUR"}));

        ApiResponse answer = Uploads.uploadTo(me(), "/api/documents/upload?split=suggest", "file", "mixed.pdf", batch);
        assertEquals(201, answer.status(), answer.body());
        assertEquals("[[1,1],[2,2],[4,5],[6,6]]", answer.json().getJsonArray("proposed_splits").toString());
        List<JsonObject> documents = answer.json().getJsonArray("documents").getValuesAs(JsonObject.class);
        assertEquals(List.of("mixed (pages 1-2).pdf", "mixed (pages 4-6).pdf"), documents.stream().map(d -> d.getString("filename")).toList());
        assertEquals("[[1,1],[2,2]]", documents.get(0).getJsonArray("proposed_splits").toString());
        assertEquals("[[1,2],[3,3]]", documents.get(1).getJsonArray("proposed_splits").toString());

        ApiResponse plain = Uploads.upload(me(), "two.pdf", Pdfs.withPages("Two",
                new String[] {"Invoice No: E-" + marker, "Total: 50.00 EUR"}, new String[] {"Invoice No: F-" + marker}));
        String id = plain.json().getString("id");
        assertTrue(plain.json().isNull("proposed_splits"), "not looked for at the upload");
        assertEquals("[[1,1],[2,2]]", me().get("/api/documents/" + id + "/splits").json().getJsonArray("proposed_splits").toString());
        assertEquals("[[1,1],[2,2]]", me().get("/api/documents/" + id).json().getJsonArray("proposed_splits").toString(),
                "recorded once worked out");
        ApiResponse letter = Uploads.upload(me(), "letter.pdf", Pdfs.withPages("Letter", new String[] {"Dear customer"},
                new String[] {"Kind regards"}));
        assertEquals("[]", me().get("/api/documents/" + letter.json().getString("id") + "/splits").json()
                .getJsonArray("proposed_splits").toString());
        expect(404, me().get("/api/documents/" + UUID.randomUUID() + "/splits"));
    }

    /** A photo or a scan as an image: kept as it came, its pages made into a PDF that OCR reads. */
    @Test
    void anImageIsADocumentWhosePagesAreReadByOcr() throws IOException {
        org.docex.ocr.ScannedPdfs.assumeOcrLanguageData();
        java.awt.image.BufferedImage scan = new java.awt.image.BufferedImage(2480, 1200, java.awt.image.BufferedImage.TYPE_BYTE_GRAY);
        java.awt.Graphics2D g = scan.createGraphics();
        g.setColor(java.awt.Color.WHITE);
        g.fillRect(0, 0, scan.getWidth(), scan.getHeight());
        g.setColor(java.awt.Color.BLACK);
        g.setRenderingHint(java.awt.RenderingHints.KEY_TEXT_ANTIALIASING, java.awt.RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setFont(new java.awt.Font(java.awt.Font.SANS_SERIF, java.awt.Font.PLAIN, 50));
        g.drawString("Acme Supplies Ltd", 200, 200);
        g.drawString("Invoice No: IMG-2026-7", 200, 400);
        g.drawString("Invoice Date: 03.11.2026", 200, 500);
        g.drawString("Total: 123.45 EUR", 200, 800);
        g.dispose();
        java.io.ByteArrayOutputStream png = new java.io.ByteArrayOutputStream();
        javax.imageio.ImageIO.write(scan, "png", png);
        byte[] image = png.toByteArray();

        ApiResponse uploaded = Uploads.upload(me(), "scan.pdf", image);
        assertEquals(201, uploaded.status(), uploaded.body());
        String id = uploaded.json().getString("id");
        assertEquals("image/png", uploaded.json().getString("content_type"));
        assertEquals(1, uploaded.json().getInt("page_count"));
        assertEquals(sha256(image), uploaded.json().getString("sha256"));
        ApiResponse content = me().get("/api/documents/" + id + "/content");
        assertArrayEquals(image, content.bytes());
        assertEquals("image/png", content.header("Content-Type").orElseThrow());

        ApiResponse started = WorkflowPolling.start(me(), WorkflowPolling.request(id).add("template", "invoice"));
        assertEquals(202, started.status(), started.body());
        JsonObject result = WorkflowPolling.awaitEnd(me(), started.json().getString("id"), Duration.ofSeconds(120))
                .getJsonObject("result");
        assertEquals("ocr", result.getJsonArray("pages").getJsonObject(0).getString("source"));
        Map<String, String> fields = new java.util.HashMap<>();
        result.getJsonArray("fields").getValuesAs(JsonObject.class).forEach(field -> fields.putIfAbsent(field.getString("name"),
                field.isNull("value") ? null : field.getString("value")));
        assertEquals("IMG-2026-7", fields.get("invoice_number"), result.toString());
        assertEquals("123.45", fields.get("total_amount"));

        // A letter scanned lying on its side: stored upright (OCR's orientation detection), so its page is taller than wide.
        java.io.ByteArrayOutputStream sideways = new java.io.ByteArrayOutputStream();
        javax.imageio.ImageIO.write(org.docex.extraction.control.ocr.PageOrientationTest.turnClockwise(
                org.docex.extraction.control.ocr.PageOrientationTest.letter(), 1), "png", sideways);
        String turned = Uploads.upload(me(), "sideways.png", sideways.toByteArray()).json().getString("id");
        java.awt.image.BufferedImage page = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(
                me().get("/api/documents/" + turned + "/pages/1/image?dpi=36").bytes()));
        assertTrue(page.getHeight() > page.getWidth(), page.getWidth() + " x " + page.getHeight());

        ApiResponse tooManyPixels = Uploads.upload(me(), "huge.png", org.docex.testing.ImageFiles.pngHeader(100_000, 100_000));
        assertEquals(413, tooManyPixels.status(), tooManyPixels.body());
        ApiResponse damaged = Uploads.upload(me(), "cut.png", java.util.Arrays.copyOf(image, 200));
        assertEquals(422, damaged.status(), damaged.body());
        assertEquals("The image could not be read: it is damaged or of a kind docex does not read", damaged.json().getString("detail"));
    }

    @Test
    void anXmlEInvoiceIsADocumentWithPagesAndItsOwnBytes() {
        byte[] xml = EInvoicePdfs.ubl(EInvoicePdfs.sample());
        ApiResponse uploaded = Uploads.upload(me(), "invoice.pdf", xml);
        assertEquals(201, uploaded.status(), uploaded.body());
        JsonObject document = uploaded.json();
        String id = document.getString("id");
        assertEquals("application/xml", document.getString("content_type"));
        assertEquals(xml.length, document.getJsonNumber("size_bytes").longValue());
        assertEquals(sha256(xml), document.getString("sha256"));
        assertEquals(1, document.getInt("page_count"));

        ApiResponse content = me().get("/api/documents/" + id + "/content");
        assertEquals(200, content.status());
        assertArrayEquals(xml, content.bytes());
        assertTrue(content.header("Content-Type").orElseThrow().startsWith("application/xml"), content.header("Content-Type").toString());
        assertEquals("image/png", me().get("/api/documents/" + id + "/pages/1/image").header("Content-Type").orElseThrow());

        ApiResponse started = WorkflowPolling.start(me(), WorkflowPolling.request(id).add("template", "invoice"));
        assertEquals(202, started.status(), started.body());
        JsonObject result = WorkflowPolling.awaitEnd(me(), started.json().getString("id"), Duration.ofSeconds(60))
                .getJsonObject("result");
        JsonObject total = result.getJsonArray("fields").getValuesAs(JsonObject.class).stream()
                .filter(field -> field.getString("name").equals("total_amount")).findFirst().orElseThrow();
        assertEquals("1345.89", total.getString("value"));
        assertEquals("xml", total.getString("source"));
        assertFalse(total.isNull("bbox"), "placed on the rendering: " + total);
        JsonObject eInvoice = result.getJsonObject("metadata").getJsonObject("e_invoice");
        assertEquals("UBL", eInvoice.getString("syntax"));
        assertEquals("xrechnung", eInvoice.getString("profile"));
        assertEquals("urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0", eInvoice.getString("specification_id"));
        assertEquals("invoice", eInvoice.getString("document_type"));

        // Listed, searched and deleted as any document: its rendering and its original go with it.
        JsonObject listed = me().get("/api/documents/list?q=invoice.pdf").json().getJsonArray("items").getValuesAs(JsonObject.class)
                .stream().filter(item -> item.getString("id").equals(id)).findFirst().orElseThrow();
        assertEquals("application/xml", listed.getString("content_type"));
        assertEquals(204, me().delete("/api/documents/" + id).status());
        assertEquals(404, me().get("/api/documents/" + id + "/content").status());
        assertEquals(404, me().get("/api/documents/" + id + "/pages/1/image").status());

        ApiResponse html = Uploads.upload(me(), "page.xml", "<html><body>Hello</body></html>".getBytes(StandardCharsets.UTF_8));
        assertEquals(415, html.status(), html.body());
        assertEquals("The file is XML but no e-invoice docex reads (UN/CEFACT CII incl. Factur-X, ZUGFeRD and XRechnung;"
                + " UBL 2.1 Invoice or CreditNote)", html.json().getString("detail"));
        ApiResponse laughs = Uploads.upload(me(), "laughs.xml", EInvoicePdfs.billionLaughs());
        assertEquals(422, laughs.status(), laughs.body());
        assertEquals("The XML e-invoice could not be read: it declares a DTD, which is not allowed", laughs.json().getString("detail"));
    }

    @Test
    void pageImagesArePngsWithinTheDpiRange() {
        String id = Uploads.upload(me(), "two-pages.pdf", Pdfs.withPages("Two", new String[] {"one"}, new String[] {"two"}))
                .json().getString("id");
        ApiResponse image = me().get("/api/documents/" + id + "/pages/2/image?dpi=72");
        assertEquals(200, image.status(), image.body());
        assertEquals("image/png", image.header("Content-Type").orElseThrow());
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, java.util.Arrays.copyOf(image.bytes(), 4));
        ApiResponse larger = me().get("/api/documents/" + id + "/pages/1/image");
        assertTrue(larger.bytes().length > 0);
        assertArrayEquals(image.bytes(), me().get("/api/documents/" + id + "/pages/2/image?dpi=72").bytes(), "cached");
        assertEquals(404, me().get("/api/documents/" + id + "/pages/3/image").status());
        assertEquals(404, me().get("/api/documents/" + id + "/pages/0/image").status());
        expect(422, me().get("/api/documents/" + id + "/pages/1/image?dpi=35"));
        expect(422, me().get("/api/documents/" + id + "/pages/1/image?dpi=301"));
        expect(422, me().get("/api/documents/" + id + "/pages/1/image?dpi=high"));
    }

    @Test
    void pagesAreRenderedAtEveryDpiAskedWhileOnlyAFewResolutionsAreKeptWithinTheBudget() throws IOException {
        String id = Uploads.upload(me(), "dpi.pdf", Pdfs.withPages("Dpi", new String[] {"one"}, new String[] {"two"}))
                .json().getString("id");
        for (int dpi = 36; dpi <= 300; dpi += 12) {
            for (int page = 1; page <= 2; page++) {
                ApiResponse image = me().get("/api/documents/" + id + "/pages/" + page + "/image?dpi=" + dpi);
                assertEquals(200, image.status(), image.body());
                double a4Width = 595.28 * dpi / 72;
                assertTrue(Math.abs(pngWidth(image.bytes()) - a4Width) <= 1, dpi + " dpi: " + pngWidth(image.bytes()) + " pixels wide");
            }
        }

        Path renders = dataDir().resolve("renders");
        List<String> kept = filesIn(renders.resolve(id));
        assertTrue(kept.stream().allMatch(name -> name.matches("p[12]-(72|96|110|150|200|300)\\.png")), kept.toString());
        long bytes;
        try (Stream<Path> files = Files.walk(renders)) {
            bytes = files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
        assertTrue(bytes <= RENDER_CACHE_BYTES, bytes + " bytes of renders kept");
        ApiResponse again = me().get("/api/documents/" + id + "/pages/1/image?dpi=150");
        assertEquals(1240, pngWidth(again.bytes()), "rendered again or read from the cache, the same image");
    }

    /** A person cuts a document into page ranges: a document per range, the pages between left out, the document kept. */
    @Test
    void aPersonCutsADocumentIntoPageRanges() throws IOException {
        String name = "three-" + UUID.randomUUID().toString().substring(0, 8);
        String id = Uploads.uploaded(me(), name + ".pdf", Pdfs.withPages("Three", new String[] {"Invoice A"},
                new String[] {"Separator"}, new String[] {"Invoice B, page 1"}, new String[] {"Invoice B, page 2"}));
        ApiResponse split = me().post("/api/documents/" + id + "/splits", ranges("[[1,1],[3,4]]"));
        assertEquals(201, split.status(), split.body());
        List<JsonObject> parts = split.json().getJsonArray("documents").getValuesAs(JsonObject.class);
        assertEquals(List.of(name + " (page 1).pdf", name + " (pages 3-4).pdf"), parts.stream().map(p -> p.getString("filename")).toList());
        assertEquals(List.of(1, 2), parts.stream().map(p -> p.getInt("page_count")).toList());
        try (PDDocument second = Loader.loadPDF(me().get("/api/documents/" + parts.get(1).getString("id") + "/content").bytes())) {
            String text = new PDFTextStripper().getText(second);
            assertTrue(text.contains("Invoice B, page 2") && !text.contains("Separator"), text);
        }
        assertEquals(4, me().get("/api/documents/" + id).json().getInt("page_count"), "the document itself stays");

        for (String wrong : List.of("[]", "[[0,1]]", "[[2,1]]", "[[1,2],[2,3]]", "[[1,5]]", "[[1,4]]", "[[1]]", "[[1,null]]")) {
            ApiResponse refused = me().post("/api/documents/" + id + "/splits", ranges(wrong));
            assertEquals(422, refused.status(), wrong + ": " + refused.body());
            assertTrue(refused.detail().startsWith("ranges"), refused.detail());
        }
        ApiResponse other = api().as(accounts().signedIn("reviewer").token()).post("/api/documents/" + id + "/splits",
                ranges("[[1,1]]"));
        assertEquals(403, other.status(), other.body());
        assertEquals(404, me().post("/api/documents/" + UUID.randomUUID() + "/splits", ranges("[[1,1]]")).status());
    }

    private static jakarta.json.JsonValue ranges(String ranges) {
        return jakarta.json.Json.createReader(new java.io.StringReader("{\"ranges\": " + ranges + "}")).readObject();
    }

    @Test
    void onlyTheUploaderOrAnAdminMayDelete() {
        String id = Uploads.upload(me(), "mine.pdf", Pdfs.text("Mine", "x")).json().getString("id");
        for (String role : List.of("analyst", "reviewer")) {
            ApiResponse refused = api().as(accounts().signedIn(role).token()).delete("/api/documents/" + id);
            assertEquals(403, refused.status(), role);
            assertFalse(refused.detail().isBlank());
        }
        assertEquals(204, me().delete("/api/documents/" + id).status());
        assertEquals(404, me().get("/api/documents/" + id).status());
        assertEquals(404, me().get("/api/documents/" + id + "/content").status());
        assertEquals(404, me().delete("/api/documents/" + id).status());

        String other = Uploads.upload(me(), "theirs.pdf", Pdfs.text("Theirs", "x")).json().getString("id");
        assertEquals(204, api().as(accounts().adminToken()).delete("/api/documents/" + other).status());
        assertFalse(Files.exists(dataDir().resolve("documents").resolve(other + ".pdf")), "file deleted");
    }

    @Test
    void everyDocumentsEndpointNeedsAToken() {
        String id = UUID.randomUUID().toString();
        List<ApiResponse> answers = List.of(Uploads.upload(api(), "x.pdf", Pdfs.text("x", "x")),
                api().get("/api/documents/list"), api().get("/api/documents/" + id),
                api().get("/api/documents/" + id + "/content"), api().get("/api/documents/" + id + "/pages/1/image"),
                api().delete("/api/documents/" + id));
        answers.forEach(answer -> {
            assertEquals(401, answer.status());
            assertEquals("Not authenticated", answer.detail());
        });
        for (String role : List.of("analyst", "reviewer", "admin")) {
            Api caller = api().as(role.equals("admin") ? accounts().adminToken() : accounts().signedIn(role).token());
            ApiResponse created = Uploads.upload(caller, role + ".pdf", Pdfs.text(role, "x"));
            assertEquals(201, created.status(), role);
            String doc = created.json().getString("id");
            assertEquals(200, caller.get("/api/documents/list").status());
            assertEquals(200, caller.get("/api/documents/" + doc).status());
            assertEquals(200, caller.get("/api/documents/" + doc + "/content").status());
            assertEquals(200, caller.get("/api/documents/" + doc + "/pages/1/image?dpi=36").status());
            assertEquals(204, caller.delete("/api/documents/" + doc).status());
        }
    }

    private static List<String> names(JsonObject page) {
        return page.getJsonArray("items").getValuesAs(JsonObject.class).stream().map(d -> d.getString("filename")).toList();
    }

    private static List<String> filesUnder(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(Files::isRegularFile).filter(p -> !p.startsWith(directory.resolve("db")))
                    .filter(p -> !p.startsWith(directory.resolve("renders")))
                    .map(p -> directory.relativize(p).toString()).sorted().toList();
        }
    }

    private static List<String> filesIn(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** The width in the PNG's header (IHDR, big-endian, after the 8-byte signature and the chunk's length and type). */
    private static int pngWidth(byte[] png) {
        return java.nio.ByteBuffer.wrap(png, 16, 4).getInt();
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void expect(int status, ApiResponse answer) {
        assertEquals(status, answer.status(), answer.body());
        assertNotEquals("", answer.detail());
    }

    private Api me() {
        return api().as(analyst().token());
    }

    private Account analyst() {
        if (analyst == null) {
            analyst = accounts().signedIn("analyst");
        }
        return analyst;
    }
}
