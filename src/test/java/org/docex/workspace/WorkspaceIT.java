package org.docex.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.docex.extraction.EInvoicePdfs;
import org.docex.extraction.WorkflowPolling;
import org.docex.ocr.ScannedPdfs;
import org.docex.testing.Accounts;
import org.docex.testing.Accounts.Account;
import org.docex.testing.Api;
import org.docex.testing.ApiResponse;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.Pdfs;
import org.docex.testing.ServerGroup;
import org.docex.testing.SharedServer;
import org.docex.testing.Uploads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.ElementClickInterceptedException;
import org.openqa.selenium.Keys;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.Rectangle;
import org.openqa.selenium.WebElement;

/** The review workspace in a real Chromium against the booted WAR, step by step as its users work. */
@SharedServer(ServerGroup.GENERAL)
class WorkspaceIT extends BlackBoxTest {

    private static final String HOSTILE_NAME = "<img src=x onerror=alert(1)>.pdf";
    private static final String MARKUP = "<b>bold</b><img src=x onerror=alert(1)>";

    @TempDir
    Path files;

    @Test
    void pagesCarryTheSecurityHeadersAndTheApiStaysJson() {
        for (String path : List.of("/", "/index.html", "/app/main.js", "/app/app.css")) {
            ApiResponse page = api().get(path);
            assertEquals(200, page.status(), path);
            String policy = page.header("Content-Security-Policy").orElseThrow();
            assertTrue(policy.startsWith("default-src 'self'") && policy.contains("frame-ancestors 'none'")
                    && !policy.contains("unsafe-inline"), policy);
            assertEquals("nosniff", page.header("X-Content-Type-Options").orElseThrow(), path);
            assertEquals("no-referrer", page.header("Referrer-Policy").orElseThrow(), path);
        }
        assertTrue(api().get("/").header("Content-Type").orElseThrow().startsWith("text/html"));
        assertTrue(api().get("/app/main.js").header("Content-Type").orElseThrow().contains("javascript"));
        assertTrue(api().get("/app/app.css").header("Content-Type").orElseThrow().startsWith("text/css"));
        ApiResponse unknown = api().get("/api/no-such-thing");
        assertEquals(404, unknown.status());
        assertTrue(unknown.header("Content-Type").orElseThrow().startsWith("application/json"));
        assertEquals("Not found", unknown.json().getString("detail"));
    }

    @Test
    void signsInWithTheOneTimeCodeAndOut() {
        Account analyst = accounts().signedIn("analyst");
        String secret = enrol(analyst);
        try (Browser browser = browser()) {
            SignInPage signIn = SignInPage.open(browser);
            browser.assertAccessible("sign-in");
            browser.screenshot("01-sign-in");
            signIn.enter(analyst.email(), analyst.password()).awaitCodeStep();
            browser.assertAccessible("one-time code");
            browser.screenshot("02-one-time-code");
            signIn.code(OneTimeCodes.code(secret, 0));
            browser.assertAccessible("documents");
            browser.screenshot("03-documents");
            DocumentsPage.shown(browser).search("no-such-document-" + UUID.randomUUID());
            assertEquals("No documents found", browser.visible(By.cssSelector(".empty-title")).getText());
            browser.assertAccessible("documents, none found");
            browser.screenshot("03-documents-none-found");
            String token = (String) browser.script("return sessionStorage.getItem('docex.token')");
            browser.driver.findElement(By.id("sign-out")).click();
            assertEquals("You are signed out.", new SignInPage(browser).message());
            assertNull(browser.script("return sessionStorage.getItem('docex.token')"));
            assertEquals(401, api().as(token).get("/api/users/me").status(), "signing out ends the session");
        }
    }

    @Test
    void uploadsSeveralFilesEachWithItsOwnResultAndNamesStayText() throws IOException {
        Account analyst = accounts().signedIn("analyst");
        byte[] notes = "Meeting notes, not a PDF at all".getBytes(StandardCharsets.UTF_8);
        ApiResponse refused = Uploads.upload(api().as(analyst.token()), "notes.pdf", notes);
        assertEquals(415, refused.status(), refused.body());
        Path hostile = write(HOSTILE_NAME, Pdfs.text("Hostile name", "A document with a hostile file name"));
        Path notPdf = write("notes.pdf", notes);
        byte[] sent = Pdfs.text("Sent twice", "An invoice a supplier sent twice");
        assertEquals(201, Uploads.upload(api().as(analyst.token()), "first-copy.pdf", sent).status());
        Path again = write("second-copy.pdf", sent);
        try (Browser browser = browser()) {
            DocumentsPage documents = SignInPage.open(browser).signIn(analyst);
            Map<String, DocumentsPage.Upload> uploads = documents.upload(hostile, notPdf, again).stream()
                    .collect(Collectors.toMap(DocumentsPage.Upload::name, Function.identity()));
            assertEquals(new DocumentsPage.Upload(HOSTILE_NAME, "done", "Uploaded"), uploads.get(HOSTILE_NAME));
            assertEquals(new DocumentsPage.Upload("notes.pdf", "failed", refused.detail()), uploads.get("notes.pdf"));
            assertEquals(new DocumentsPage.Upload("second-copy.pdf", "duplicate", "Uploaded — the same file was uploaded before"),
                    uploads.get("second-copy.pdf"));
            documents.row(HOSTILE_NAME);
            assertEquals("Duplicate", documents.row("second-copy.pdf").findElement(By.cssSelector(".duplicate")).getText());
            assertTrue(documents.row(HOSTILE_NAME).findElements(By.cssSelector(".duplicate")).isEmpty());
            assertTrue(browser.driver.findElements(By.cssSelector("#main img")).isEmpty(), "the file name is no markup");

            // A batch scan with a separator sheet between two invoices, uploaded with "Batch scans" chosen.
            byte[] sheet = api().get("/api/documents/separator-sheet").bytes();
            Path batch = write("batch.pdf", Pdfs.joined(Pdfs.withPages("Batch", new String[] {"Invoice B-1", "page 1"},
                    new String[] {"Invoice B-1", "page 2"}), sheet, Pdfs.text("Batch", "Invoice B-2")));
            Map<String, DocumentsPage.Upload> batchUpload = documents.splittingBatches().upload(batch).stream()
                    .collect(Collectors.toMap(DocumentsPage.Upload::name, Function.identity(), (a, b) -> a));
            assertEquals(new DocumentsPage.Upload("batch.pdf", "done", "Uploaded as 2 documents"), batchUpload.get("batch.pdf"));
            documents.row("batch (pages 1-2).pdf");
            documents.row("batch (page 4).pdf");

            // A person cuts a document in the list by page ranges; ranges beyond its pages are refused with the reason.
            assertEquals("ranges[1]: pages 2 to 3 are not within the document's 2 pages, first to last",
                    documents.split("batch (pages 1-2).pdf", "1-1, 2-3"));
            browser.screenshot("04a-split-refused");
            documents.cancelDialog();
            assertEquals("", documents.split("batch (pages 1-2).pdf", "1, 2"));
            browser.await(d -> d.getPageSource().contains("batch (pages 1-2).pdf itself is kept"));
            documents.row("batch (pages 1-2) (page 1).pdf");
            documents.row("batch (pages 1-2) (page 2).pdf");

            // Three invoices scanned as one, uploaded asking for proposals: the list says so, Split has them filled in.
            Path three = write("three.pdf", Pdfs.withPages("Three", new String[] {"Invoice No: T-101", "Total: 10.00 EUR"},
                    new String[] {"Invoice No: T-102", "Page 1 of 2"}, new String[] {"Invoice No: T-102", "Page 2 of 2"}));
            Map<String, DocumentsPage.Upload> proposing = documents.proposingSplits().upload(three).stream()
                    .collect(Collectors.toMap(DocumentsPage.Upload::name, Function.identity(), (a, b) -> a));
            assertEquals(new DocumentsPage.Upload("three.pdf", "done", "Uploaded — 2 invoices proposed: check them with Split"),
                    proposing.get("three.pdf"));
            assertEquals("2 invoices?", documents.row("three.pdf").findElement(By.cssSelector(".proposed-split")).getText());
            List<String> proposal = documents.proposedSplit("three.pdf", false);
            assertEquals("1, 2-3", proposal.get(0));
            assertTrue(proposal.get(1).startsWith("docex proposes 2 invoices"), proposal.get(1));
            browser.screenshot("04b-split-proposed");
            documents.confirmSplit();
            documents.row("three (page 1).pdf");
            documents.row("three (pages 2-3).pdf");
            // A document uploaded without asking: docex reads it when asked in the dialog (one invoice, two pages).
            assertEquals(List.of("", "docex sees one invoice in this document."),
                    documents.proposedSplit("batch (pages 1-2).pdf", true));
            documents.cancelDialog();
            assertNoAlert(browser);
            browser.assertAccessible("documents with uploads");
            browser.screenshot("04-uploads");
        }
    }

    @Test
    void analystSavesADraftWithoutCommitAndReviewerCommits() throws IOException {
        Account analyst = accounts().create("analyst");
        Account reviewer = accounts().create("reviewer");
        Path invoice = write("invoice-1001.pdf", ExtractedInvoices.pdf());
        String workflowId;
        try (Browser browser = browser()) {
            DocumentsPage documents = SignInPage.open(browser).signIn(analyst);
            documents.upload(invoice);
            ReviewPage review = documents.extract("invoice-1001.pdf", "invoice").awaitStatus("extracted").awaitPageImage();
            workflowId = review.workflowId();
            assertBoxWhereTheApiSays(review, WorkflowPolling.get(api().as(accounts().adminToken()), workflowId), "total_amount");
            browser.assertAccessible("review, extracted");
            browser.screenshot("05-review-extracted");

            review.field("invoice_number").select().pressKey(Keys.ARROW_DOWN);
            assertEquals("invoice_date", review.focusedField(), "arrow down moves to the next field");
            review.nextLowConfidence();
            assertEquals("vendor_name", review.focusedField(), "Alt+N finds the low-confidence field");
            review.field("total_amount").edit("twelve");
            review.saveWithShortcut();
            assertTrue(review.problem().contains("total_amount (an amount such as 1234.50)"), review.problem());
            browser.screenshot("05b-review-value-refused");
            review.field("total_amount").edit("12.75");
            review.field("vendor_name").edit(MARKUP);
            assertFalse(review.hasButton("Commit"), "analysts cannot commit");
            assertFalse(review.hasButton("Reject"), "analysts cannot reject");
            review.saveWithShortcut().awaitStatus("in_review");
            assertEquals(MARKUP, review.field("vendor_name").value());
            assertTrue(review.trail().contains(MARKUP), review.trail());
            assertTrue(browser.driver.findElements(By.cssSelector(".side img, .side b")).isEmpty(), "values are no markup");
            assertNoAlert(browser);
            browser.assertAccessible("review, draft saved");
            browser.screenshot("06-review-draft-saved");
        }
        JsonObject draft = WorkflowPolling.get(api().as(accounts().adminToken()), workflowId).getJsonObject("draft");
        assertEquals("12.75", draft.getJsonObject("fields").getString("total_amount"));
        assertEquals(MARKUP, draft.getJsonObject("fields").getString("vendor_name"));

        try (Browser browser = browser()) {
            SignInPage.open(browser).signIn(reviewer);
            ReviewPage review = ReviewPage.open(browser, workflowId).awaitStatus("in_review");
            assertEquals("12.75", review.field("total_amount").value());
            assertEquals("Changed in review by " + analyst.email() + "; read as “12.50”", review.field("total_amount").reviewChange(),
                    "the reviewer sees what the analyst changed and what was read");
            assertEquals("", review.field("invoice_number").reviewChange());
            review.field("vendor_name").select();
            browser.screenshot("06b-review-analysts-changes");
            assertTrue(review.hasButton("Reject"));
            review.commit("Checked against the paper copy");
            assertTrue(review.trail().contains("Checked against the paper copy"), review.trail());
            browser.visible(By.xpath("//button[text()='Export CSV']"));
            browser.assertAccessible("review, committed");
            browser.screenshot("07-review-committed");
        }
        JsonObject committed = WorkflowPolling.get(api().as(accounts().adminToken()), workflowId);
        assertEquals("committed", committed.getString("status"));
        assertEquals("12.75", committed.getJsonObject("committed").getJsonObject("fields").getString("total_amount"));
    }

    /** A rejection's reason stands above the fields; a reviewer reopens the workflow with a reason, an analyst cannot. */
    @Test
    void aRejectionSaysWhyAtTheTopAndAReviewerReopensIt() {
        Account analyst = accounts().create("analyst");
        Account reviewer = accounts().create("reviewer");
        String workflowId = ExtractedInvoices.extracted(api().as(accounts().login(analyst.email(), analyst.password())),
                "rejected-invoice.pdf");
        assertEquals(200, api().as(accounts().login(reviewer.email(), reviewer.password())).post("/api/extractions/workflow/" + workflowId + "/review",
                Json.createObjectBuilder().add("action", "reject").add("comment", "The total is cut off; ask for a new scan").build())
                .status());
        try (Browser browser = browser()) {
            SignInPage.open(browser).signIn(analyst);
            ReviewPage review = ReviewPage.open(browser, workflowId).awaitStatus("rejected");
            assertTrue(review.rejection().contains("The total is cut off; ask for a new scan"), review.rejection());
            assertTrue(review.rejection().contains(reviewer.email()), review.rejection());
            assertFalse(review.offersReopen(), "analysts cannot reopen");
        }
        try (Browser browser = browser()) {
            SignInPage.open(browser).signIn(reviewer);
            ReviewPage review = ReviewPage.open(browser, workflowId).awaitStatus("rejected");
            browser.assertAccessible("review, rejected");
            browser.screenshot("07b-review-rejected");
            review.reopen("A readable scan came in");
            assertTrue(review.trail().contains("A readable scan came in"), review.trail());
            assertTrue(review.hasButton("Commit"), "in review again");
            browser.screenshot("07c-review-reopened");
        }
        assertEquals("in_review", WorkflowPolling.get(api().as(accounts().adminToken()), workflowId).getString("status"));
    }

    @Test
    void aLongAuditTrailShowsItsLatestReviewsAndTheOthersOnRequest() {
        Account analyst = accounts().signedIn("analyst");
        var api = api().as(analyst.token());
        String id = extractedInvoice("long-trail.pdf");
        for (int n = 1; n <= 22; n++) {
            ApiResponse saved = api.post("/api/extractions/workflow/" + id + "/review", Json.createObjectBuilder()
                    .add("action", "save_draft").add("fields", Json.createObjectBuilder().add("note", "draft " + n)).build());
            assertEquals(200, saved.status(), saved.body());
        }
        try (Browser browser = browser()) {
            SignInPage.open(browser).signIn(analyst);
            ReviewPage review = ReviewPage.open(browser, id).awaitStatus("in_review");
            assertEquals(20, review.trailEntries());
            assertTrue(review.trail().contains("Showing the latest 20 of 22 reviews."), review.trail());
            assertTrue(review.trail().indexOf("Showing the latest") < review.trail().indexOf("Saved a draft"),
                    "the trail says it is cut before its entries: " + review.trail());
            assertFalse(review.trail().lines().anyMatch("note added: draft 1"::equals), "the first draft is not among the latest");
            review.scrollToTrail();
            browser.screenshot("22-review-long-trail");

            review.showWholeTrail();

            assertEquals(22, review.trailEntries());
            assertTrue(review.trail().lines().anyMatch("note added: draft 1"::equals), review.trail());
            assertTrue(review.trail().contains("Showing all 22 reviews."), review.trail());
            assertNoAlert(browser);
            browser.assertAccessible("review, whole audit trail");
        }
    }

    @Test
    void lineItemsShowAsATableWhoseCellsAreEditedAsFieldsAndAFailedCheckIsShown() throws IOException {
        Account analyst = accounts().create("analyst");
        EInvoicePdfs.Invoice invoice = EInvoicePdfs.sample().withLines(List.of(
                new EInvoicePdfs.Line("Beratungsleistung", "3", "120.00", "370.00", "19"),
                EInvoicePdfs.sample().lines().get(1), EInvoicePdfs.sample().lines().get(2)));
        Path pdf = write("factur-x-1.pdf", EInvoicePdfs.withAttachment(invoice, "factur-x.xml", EInvoicePdfs.cii(invoice)));
        String workflowId;
        try (Browser browser = browser()) {
            DocumentsPage documents = SignInPage.open(browser).signIn(analyst);
            documents.upload(pdf);
            ReviewPage review = documents.extract("factur-x-1.pdf", "invoice").awaitStatus("extracted").awaitPageImage();
            workflowId = review.workflowId();
            List<List<String>> table = review.lineItems();
            assertEquals(List.of("#", "Description", "Qty", "Unit price", "Amount", "Tax %"), table.get(0));
            assertEquals(List.of("1", "Beratungsleistung", "3", "120.00", "370.00", "19"), table.get(1));
            assertEquals(List.of("3", "Schulung <vor Ort>", "1.5", "400.00", "600.00", "19"), table.get(3));
            assertTrue(review.checksFailed().stream().anyMatch(text -> text.contains("line 1: 3 x 120.00 = 360.00, amount 370.00")),
                    review.checksFailed().toString());
            assertTrue(review.lowConfidenceCells().contains("line_items.1.amount"), review.lowConfidenceCells().toString());
            browser.assertAccessible("review with line items");
            browser.script("document.querySelector('table.line-items').scrollIntoView({block: 'center'})");
            browser.screenshot("14-review-line-items");

            review.field("line_items.1.amount").edit("360.00");
            review.saveWithShortcut().awaitStatus("in_review");
            browser.screenshot("15-review-line-items-saved");
        }
        JsonObject draft = WorkflowPolling.get(api().as(accounts().adminToken()), workflowId).getJsonObject("draft");
        assertEquals("360.00", draft.getJsonObject("fields").getString("line_items.1.amount"));
        assertEquals("Schulung <vor Ort>", draft.getJsonObject("fields").getString("line_items.3.description"));
    }

    /** A hybrid e-invoice whose print asks for payment to another account than its XML: said first, in plain words. */
    @Test
    void anEInvoiceWhosePrintNamesAnotherIbanSaysSoAboveEverythingElse() throws IOException {
        Account analyst = accounts().create("analyst");
        EInvoicePdfs.Invoice invoice = EInvoicePdfs.sample();
        Path pdf = write("factur-x-iban.pdf", EInvoicePdfs.withAttachment(invoice.withPrintedIban("DE02120300000000202051"),
                "factur-x.xml", EInvoicePdfs.cii(invoice)));
        try (Browser browser = browser()) {
            DocumentsPage documents = SignInPage.open(browser).signIn(analyst);
            documents.upload(pdf);
            ReviewPage review = documents.extract("factur-x-iban.pdf", "invoice").awaitStatus("extracted").awaitPageImage();
            List<String> notices = review.notices();
            assertFalse(notices.isEmpty(), "no notice");
            assertTrue(notices.get(0).startsWith("The printed invoice does not match its e-invoice\nThe page asks for payment to IBAN"
                    + " DE02 1203 0000 0000 2020 51, but the e-invoice, which is the binding copy, names IBAN DE89 3704 0044 0532 0130 00."),
                    notices.toString());
            assertEquals("DE89370400440532013000", review.field("iban").value());
            browser.assertAccessible("review of an e-invoice whose print differs");
            browser.screenshot("26-review-print-differs");
        }
    }

    /**
     * An XML e-invoice uploaded as it is: reviewed on docex's rendering of it, its fields from the XML and boxed on
     * the page; a credit note says so where no clerk overlooks it.
     */
    @Test
    void anXmlEInvoiceIsReviewedOnItsRendering() throws IOException {
        Account analyst = accounts().create("analyst");
        Path xml = write("xrechnung.xml", new String(EInvoicePdfs.ubl(EInvoicePdfs.sample()), StandardCharsets.UTF_8)
                .replace("<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>", "<cbc:InvoiceTypeCode>381</cbc:InvoiceTypeCode>")
                .getBytes(StandardCharsets.UTF_8));
        try (Browser browser = browser()) {
            DocumentsPage documents = SignInPage.open(browser).signIn(analyst);
            documents.upload(xml);
            ReviewPage review = documents.extract("xrechnung.xml", "invoice").awaitStatus("extracted").awaitPageImage();
            assertEquals("1345.89", review.field("total_amount").value());
            assertEquals("RE-2026-0042", review.field("invoice_number").value());
            assertTrue(review.notices().stream().noneMatch(text -> text.startsWith("The printed invoice does not match")),
                    review.notices().toString());
            assertTrue(review.meta().contains("E-invoice ubl · xrechnung"), review.meta());
            assertTrue(review.meta().endsWith("Credit note"), review.meta());
            browser.assertAccessible("review of an XML e-invoice");
            browser.screenshot("27-review-xml-einvoice");
        }
    }

    @Test
    void aScannedPageSaysItWasReadByOcrAndWithWhatConfidence() throws IOException {
        ScannedPdfs.assumeOcrLanguageData();
        Account analyst = accounts().create("analyst");
        Path scan = write("scanned-invoice.pdf", ScannedPdfs.invoice());
        try (Browser browser = browser()) {
            DocumentsPage documents = SignInPage.open(browser).signIn(analyst);
            documents.upload(scan);
            ReviewPage review = documents.extract("scanned-invoice.pdf", "invoice").awaitStatus("extracted").awaitPageImage();
            String source = review.pageSource();
            assertTrue(source.matches("Text read by OCR \\(eng\\+deu, \\d+ dpi\\), mean confidence \\d+%"), source);
            assertEquals("INV-2026-001", review.field("invoice_number").value());
            browser.assertAccessible("review of a scan");
            browser.screenshot("16-review-scan");
        }
    }

    @Test
    void twoSessionsSavingTheSameWorkflowShowTheConflict() {
        String workflowId = extractedInvoice("invoice-conflict.pdf");
        try (Browser first = browser(); Browser second = browser()) {
            SignInPage.open(first).signIn(accounts().create("analyst"));
            SignInPage.open(second).signIn(accounts().create("reviewer"));
            ReviewPage one = ReviewPage.open(first, workflowId).awaitStatus("extracted");
            ReviewPage two = ReviewPage.open(second, workflowId).awaitStatus("extracted");
            one.field("invoice_number").edit("INV-1001-A");
            one.saveWithShortcut().awaitStatus("in_review");
            two.field("invoice_number").edit("INV-1001-B");
            two.saveWithShortcut();
            assertTrue(two.problem().startsWith("Someone else saved first"), two.problem());
            second.assertAccessible("review, conflict");
            second.screenshot("08-review-conflict");
            two.reload().awaitStatus("in_review");
            assertEquals("INV-1001-A", two.field("invoice_number").value());
        }
    }

    /**
     * A search whose every piece is in more than 500 documents pages through the matches in the
     * list's order and answers an upper bound as the total, which the pager says.
     */
    @Test
    void aBroadSearchShowsItsTotalAsAnUpperBound() throws Exception {
        Account analyst = accounts().signedIn("analyst");
        String common = "bulk" + UUID.randomUUID().toString().substring(0, 6);
        byte[] pdf = Pdfs.text("Bulk", "text");
        List<String> ids = new CopyOnWriteArrayList<>();
        ExecutorService uploaders = Executors.newFixedThreadPool(4);
        try {
            List<Future<Integer>> uploads = IntStream.range(0, 501)
                    .mapToObj(i -> uploaders.submit(() -> uploadedAs(analyst, common + "-" + i + ".pdf", pdf, ids)))
                    .toList();
            for (Future<Integer> upload : uploads) {
                assertEquals(201, upload.get());
            }
            assertEquals(201, uploadedAs(analyst, common + "-newest.pdf", pdf, ids));
            JsonObject broad = api().as(analyst.token()).get("/api/documents/list?q=" + common.toUpperCase()).json();
            assertFalse(broad.getBoolean("total_exact"));
            int bound = broad.getInt("total");
            assertTrue(bound >= 502, "the documents holding one of the query's pieces: " + bound);
            JsonArray items = broad.getJsonArray("items");
            assertEquals(50, items.size());
            assertTrue(items.stream().allMatch(d -> d.asJsonObject().getString("filename").startsWith(common + "-")));
            assertEquals(common + "-newest.pdf", items.getJsonObject(0).getString("filename"), "newest first, as any list");
            JsonObject exact = api().as(analyst.token()).get("/api/documents/list?q=" + common + "-499").json();
            assertTrue(exact.getBoolean("total_exact"), "a rarer piece counts exactly");
            assertEquals(1, exact.getInt("total"));
            try (Browser browser = browser()) {
                DocumentsPage documents = SignInPage.open(browser).signIn(analyst).search(common);
                // Typing searches as it goes: the pager answers the whole word once its list has come.
                String pager = "1–20 of at most " + bound;
                browser.await(d -> d.findElements(By.cssSelector(".pager span")).stream().anyMatch(span -> span.getText().equals(pager)));
                assertEquals(20, documents.fileNames().size(), "the workspace's page");
                assertTrue(documents.fileNames().stream().allMatch(name -> name.startsWith(common + "-")));
                browser.script("document.querySelector('.pager').scrollIntoView({block: 'center'})");
                browser.screenshot("20-broad-search");
            }
        } finally {
            // Other test classes share the database on PostgreSQL and count whole lists.
            List<Future<ApiResponse>> deletions = ids.stream()
                    .map(id -> uploaders.submit(() -> api().as(analyst.token()).delete("/api/documents/" + id)))
                    .toList();
            for (Future<ApiResponse> deletion : deletions) {
                ApiResponse deleted = deletion.get();
                assertEquals(204, deleted.status(), deleted.toString());
            }
            uploaders.shutdownNow();
        }
    }

    private Integer uploadedAs(Account account, String filename, byte[] pdf, List<String> ids) {
        ApiResponse answer = Uploads.upload(api().as(account.token()), filename, pdf);
        if (answer.status() == 201) {
            ids.add(answer.json().getString("id"));
        }
        return answer.status();
    }

    @Test
    void aCommittedDocumentIsKeptUnlessAnAdminDeletesItAnyway() {
        String workflowId = extractedInvoice("invoice-kept.pdf");
        ApiResponse commit = api().as(accounts().adminToken()).post("/api/extractions/workflow/" + workflowId + "/review",
                Json.createObjectBuilder().add("action", "commit").build());
        assertEquals(200, commit.status(), commit.body());
        Account admin = bootstrapAdmin();
        try (Browser browser = browser()) {
            DocumentsPage documents = SignInPage.open(browser).signIn(admin).search("invoice-kept");
            assertEquals(List.of("invoice-kept.pdf"), documents.fileNames());
            assertTrue(documents.delete("invoice-kept.pdf").contains("committed workflow"));
            browser.assertAccessible("delete, committed");
            browser.screenshot("09-delete-committed");
            documents.deleteAnyway("invoice-kept.pdf");
        }
        assertEquals(404, api().as(accounts().adminToken()).get("/api/extractions/workflow/" + workflowId).status());
    }

    @Test
    void aRevokedSessionReturnsToSignIn() {
        Account analyst = accounts().create("analyst");
        try (Browser browser = browser()) {
            SignInPage.open(browser).signIn(analyst);
            String token = (String) browser.script("return sessionStorage.getItem('docex.token')");
            assertEquals(204, api().as(token).postRaw("/api/users/logout", "application/json", "").status());
            browser.driver.findElement(By.cssSelector("a[data-nav='#/account']")).click();
            SignInPage signIn = new SignInPage(browser);
            assertEquals("Your session was ended: you signed out, or your password or two-step verification was changed."
                    + " Please sign in again.", signIn.message());
            assertTrue(signIn.shown());
            assertNull(browser.script("return sessionStorage.getItem('docex.token')"));
            browser.screenshot("10-session-ended");

            // Deactivated by an admin while signed in: told so, not merely sent back.
            signIn.enter(analyst.email(), analyst.password());
            browser.visible(By.cssSelector("a[data-nav='#/account']"));
            assertEquals(200, api().as(accounts().adminToken()).patch("/api/users/" + analyst.id(),
                    jakarta.json.Json.createObjectBuilder().add("active", false).build()).status());
            // Back on the account screen it was sent away from: going to the documents asks the server.
            browser.driver.findElement(By.cssSelector("a[data-nav='#/documents']")).click();
            SignInPage again = new SignInPage(browser);
            assertEquals("Your account has been deactivated. Ask an administrator if you need access again.", again.message());
            browser.assertAccessible("sign-in, account deactivated");
            browser.screenshot("40-account-deactivated");
        }
    }

    @Test
    void adminManagesUsersAndAUserEnablesMfa() {
        Account admin = bootstrapAdmin();
        String created = "new-reviewer-" + System.nanoTime() + "@docex.test";
        try (Browser browser = browser()) {
            SignInPage.open(browser).signIn(admin);
            browser.driver.findElement(By.cssSelector("a[data-nav='#/admin']")).click();
            browser.await(d -> "Administration".equals(browser.heading()));
            browser.visible(By.cssSelector("table.users"));
            browser.visible(By.xpath("//form[@aria-label='Create a user']//input[@type='email']")).sendKeys(created);
            browser.driver.findElement(By.xpath("//form[@aria-label='Create a user']//input[@type='password']"))
                    .sendKeys(Accounts.PASSWORD);
            browser.driver.findElement(By.xpath("//button[text()='Create user']")).click();
            browser.visible(By.cssSelector("tr[data-email='" + created + "']"));
            browser.assertAccessible("administration");
            browser.screenshot("11-administration");
        }
        Account analyst = accounts().create("analyst");
        try (Browser browser = browser()) {
            SignInPage.open(browser).signIn(analyst);
            browser.driver.findElement(By.cssSelector("a[data-nav='#/account']")).click();
            browser.visible(By.xpath("//button[text()='Enable two-step verification']")).click();
            EnrolmentPage enrolment = EnrolmentPage.shown(browser);
            browser.assertAccessible("account, enrolment");
            enrolment.verify(OneTimeCodes.code(enrolment.secret(), 0));
            assertEquals(10, enrolment.recoveryCodes().size());
            browser.assertAccessible("account, recovery codes");
            browser.screenshot("12-recovery-codes");
        }
    }

    @Test
    void aFormSaysWhatItsOwnCheckAndTheApiRefusedAndCanBeSentAgain() {
        Account analyst = accounts().create("analyst");
        String newPassword = "another long passphrase " + System.nanoTime();
        try (Browser browser = browser()) {
            SignInPage.open(browser).signIn(analyst);
            browser.driver.findElement(By.cssSelector("a[data-nav='#/account']")).click();
            browser.await(d -> "Account".equals(browser.heading()));
            String form = "//section[@aria-labelledby='password-title']//form";
            By errors = By.xpath(form + "//div[@class='form-errors']");
            By change = By.xpath(form + "//button[text()='Change password']");
            passwordFields(browser, form, "not the password at all", newPassword, newPassword + "!");
            browser.driver.findElement(change).click();
            browser.await(d -> "The new passwords differ.".equals(d.findElement(errors).getText()));

            passwordFields(browser, form, "not the password at all", newPassword, newPassword);
            browser.driver.findElement(change).click();
            browser.await(d -> "Current password is incorrect".equals(d.findElement(errors).getText()));
            assertTrue(browser.driver.findElement(change).isEnabled(), "the form can be sent again");
            assertEquals("alert", browser.driver.findElement(errors).findElement(By.cssSelector(".alert-error"))
                    .getAttribute("role"));

            passwordFields(browser, form, analyst.password(), newPassword, newPassword);
            browser.driver.findElement(change).click();
            assertEquals("Password changed. Sign in with your new password.", new SignInPage(browser).message());
        }
    }

    private static void passwordFields(Browser browser, String form, String current, String next, String again) {
        List<WebElement> fields = browser.driver.findElements(By.xpath(form + "//input[@type='password']"));
        for (int i = 0; i < 3; i++) {
            fields.get(i).clear();
            fields.get(i).sendKeys(List.of(current, next, again).get(i));
        }
    }

    @Test
    void adminSubscribesAWebhookAndSeesItsDeliveries() throws IOException {
        List<String> received = new CopyOnWriteArrayList<>();
        HttpServer receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        receiver.createContext("/", exchange -> {
            try (exchange; InputStream body = exchange.getRequestBody()) {
                body.readAllBytes();
                String path = exchange.getRequestURI().getPath();
                received.add(path);
                int status = path.startsWith("/refuse") ? 400 : 200;
                byte[] reply = ("answer " + status).getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(status, reply.length);
                exchange.getResponseBody().write(reply);
            }
        });
        receiver.start();
        String run = Long.toString(System.nanoTime());
        String accepting = "http://127.0.0.1:" + receiver.getAddress().getPort() + "/ok/" + run;
        String refusing = "http://127.0.0.1:" + receiver.getAddress().getPort() + "/refuse/" + run;
        try (Browser browser = browser()) {
            SignInPage.open(browser).signIn(bootstrapAdmin());
            browser.driver.findElement(By.cssSelector("a[data-nav='#/admin']")).click();
            browser.await(d -> "Administration".equals(browser.heading()));

            String secret = subscribe(browser, accepting, null, List.of());
            assertTrue(secret.matches("whsec_[A-Za-z0-9+/=]{40,}"), secret);
            assertTrue(browser.visible(By.cssSelector(".secret-once")).getText().contains("It will not be shown again."));
            assertFalse(String.valueOf(browser.script("return JSON.stringify(localStorage) + JSON.stringify(sessionStorage)"))
                    .contains(secret), "the secret is kept nowhere but on the screen");
            browser.assertAccessible("webhooks, secret shown once");
            toastGone(browser);
            browser.screenshot("17-webhook-secret");
            browser.visible(By.xpath("//button[text()='I have stored it']")).click();
            browser.await(d -> d.findElements(By.cssSelector(".secret-once")).isEmpty());
            assertEquals("All events", webhookRow(browser, accepting).findElement(By.cssSelector(".webhook-events")).getText());
            assertEquals("Active", webhookRow(browser, accepting).findElement(By.cssSelector(".badge")).getText());

            click(browser, By.cssSelector("button[aria-label='Send test event to " + accepting + "']"));
            click(browser, By.cssSelector("button[aria-label='Deliveries of " + accepting + "']"));
            WebElement delivered = browser.visible(By.cssSelector(".deliveries tr[data-status='succeeded']"));
            assertTrue(delivered.getText().contains("webhook.test") && delivered.getText().contains("HTTP 200"),
                    delivered.getText());
            assertTrue(received.contains("/ok/" + run), received.toString());
            browser.script("document.querySelector('.deliveries').scrollIntoView({block: 'center'})");
            browser.assertAccessible("webhooks");
            toastGone(browser);
            browser.screenshot("18-webhook-deliveries");

            click(browser, By.cssSelector("button[aria-label='Rotate secret of " + accepting + "']"));
            click(browser, By.xpath("//dialog//button[text()='Rotate secret']"));
            String rotated = browser.visible(By.cssSelector(".secret-once code.secret")).getText();
            assertTrue(rotated.startsWith("whsec_") && !rotated.equals(secret), rotated);
            browser.visible(By.xpath("//button[text()='I have stored it']")).click();

            subscribe(browser, refusing, "Refuses everything", List.of("workflow.committed", "workflow.rejected"));
            browser.visible(By.xpath("//button[text()='I have stored it']")).click();
            assertEquals("workflow.committed, workflow.rejected",
                    webhookRow(browser, refusing).findElement(By.cssSelector(".webhook-events")).getText());
            click(browser, By.cssSelector("button[aria-label='Send test event to " + refusing + "']"));
            click(browser, By.cssSelector("button[aria-label='Deliveries of " + refusing + "']"));
            WebElement failed = browser.visible(By.cssSelector(".deliveries tr[data-status='failed']"));
            assertTrue(failed.getText().contains("HTTP 400"), failed.getText());
            click(browser, By.cssSelector(".deliveries tr[data-status='failed'] button[aria-label^='Retry']"));
            browser.await(d -> received.stream().filter(path -> path.equals("/refuse/" + run)).count() == 2);
            click(browser, By.cssSelector("button[aria-label='Refresh deliveries of " + refusing + "']"));
            browser.await(d -> d.findElements(By.cssSelector(".deliveries tr[data-status='failed']")).stream()
                    .anyMatch(tr -> tr.findElement(By.cssSelector("td.num")).getText().equals("2")));
            browser.visible(By.cssSelector(".deliveries tr[data-status='failed'] button[aria-label^='Retry']"));
            browser.script("document.querySelector('.deliveries').scrollIntoView({block: 'center'})");
            browser.assertAccessible("webhooks, failed delivery");
            toastGone(browser);
            browser.screenshot("19-webhook-failed-delivery");

            click(browser, By.cssSelector("button[aria-label='Turn off " + refusing + "']"));
            browser.await(d -> "Off".equals(webhookRow(browser, refusing).findElement(By.cssSelector(".badge")).getText()));
            click(browser, By.cssSelector("button[aria-label='Delete " + refusing + "']"));
            browser.visible(By.xpath("//dialog//button[text()='Delete']")).click();
            browser.await(d -> d.findElements(By.cssSelector(".webhooks tr[data-url='" + refusing + "']")).isEmpty());
            assertTrue(browser.driver.findElement(By.cssSelector(".deliveries")).getAttribute("hidden") != null
                    || !browser.driver.findElement(By.cssSelector(".deliveries")).getText().contains(refusing));
        } finally {
            var admin = api().as(accounts().adminToken());
            for (JsonObject subscription : admin.get("/api/webhooks?limit=200").json().getJsonArray("items")
                    .getValuesAs(JsonObject.class)) {
                if (subscription.getString("url").endsWith("/" + run)) {
                    admin.delete("/api/webhooks/" + subscription.getString("id"));
                }
            }
            receiver.stop(0);
        }
    }

    /** Fills in and sends the webhook form; returns the secret the screen shows once. */
    private static String subscribe(Browser browser, String url, String description, List<String> events) {
        String form = "//form[@aria-label='Subscribe a URL to events']";
        browser.visible(By.xpath(form + "//input[@type='url']")).sendKeys(url);
        if (description != null) {
            browser.driver.findElement(By.xpath(form + "//label[text()='Description (optional)']/following-sibling::input"))
                    .sendKeys(description);
        }
        if (events.isEmpty()) {
            browser.driver.findElement(By.xpath(form + "//input[@type='checkbox' and @value='*']")).click();
        }
        for (String event : events) {
            browser.driver.findElement(By.xpath(form + "//input[@type='checkbox' and @value='" + event + "']")).click();
        }
        browser.driver.findElement(By.xpath(form + "//button[text()='Subscribe']")).click();
        String secret = browser.visible(By.cssSelector(".secret-once code.secret")).getText();
        assertTrue(browser.visible(By.cssSelector(".secret-once")).getText().contains(url));
        webhookRow(browser, url);
        return secret;
    }

    private static WebElement webhookRow(Browser browser, String url) {
        return browser.visible(By.cssSelector(".webhooks tr[data-url='" + url + "']"));
    }

    /** Waits until the last notice has faded, so that it hides nothing in a screenshot. */
    private static void toastGone(Browser browser) {
        browser.await(d -> "0".equals(String.valueOf(browser.script(
                "return getComputedStyle(document.getElementById('toast')).opacity"))));
    }

    /** Clicks what may just have been drawn again (lists redraw after each action). */
    private static void click(Browser browser, By by) {
        browser.await(d -> {
            WebElement target = d.findElement(by);
            if (!target.isDisplayed() || !target.isEnabled()) {
                return null;
            }
            try {
                target.click();
            } catch (ElementClickInterceptedException covered) {
                return null;
            }
            return true;
        });
    }

    private static Account bootstrapAdmin() {
        return new Account(null, Accounts.ADMIN_EMAIL, Accounts.ADMIN_PASSWORD, "admin", null);
    }

    @Test
    void aFieldLearnedFromAnEarlierReviewLinksToItAndTheVendorPageListsWhatWasLearned() {
        Api admin = api().as(accounts().adminToken());
        String first = learningInvoice(admin, "BW-0077", "2026-10-01", "310.00");
        // The reviewer commits the vendor's name as the letterhead writes it.
        ApiResponse committed = admin.post("/api/extractions/workflow/" + first + "/review", Json.createObjectBuilder()
                .add("action", "commit").add("fields", Json.createObjectBuilder().add("vendor_name", "Brightwater Paper Ltd"))
                .build());
        assertEquals(200, committed.status(), committed.body());
        String vendor = awaitVendor(admin, "brightwater");
        String second = learningInvoice(admin, "BW-0078", "2026-11-02", "95.40");
        Account reviewer = accounts().create("reviewer");
        try (Browser browser = browser()) {
            SignInPage.open(browser).signIn(reviewer);
            ReviewPage.open(browser, second).awaitStatus("extracted");
            WebElement link = browser.visible(By.cssSelector(".field-row[data-field='invoice_number'] a.learned-from"));
            assertTrue(link.getAttribute("href").endsWith("#/workflows/" + first), link.getAttribute("href"));
            ReviewPage review = ReviewPage.shown(browser);
            assertEquals("BW-0078", review.field("invoice_number").value());
            assertEquals("Brightwater Paper Ltd", review.field("vendor_name").value(), "the committed name is read again");
            browser.assertAccessible("review, a learned field");
            browser.screenshot("23-review-learned-field");

            browser.open("#/vendors");
            browser.visible(By.cssSelector("tr[data-vendor='" + vendor + "'] a")).click();
            browser.visible(By.cssSelector("table.rules tr[data-field='invoice_number']"));
            browser.assertAccessible("vendor, learned fields");
            browser.screenshot("24-vendor-rules");
            browser.visible(By.cssSelector("button[aria-label='Forget the rule for invoice_number']")).click();
            browser.visible(By.cssSelector("dialog .button-danger")).click();
            browser.await(d -> d.findElements(By.cssSelector("table.rules tr[data-field='invoice_number']")).isEmpty());
            browser.open("#/vendors");
            browser.visible(By.cssSelector("tr[data-vendor='" + vendor + "']"));
            browser.assertAccessible("vendors");
            browser.screenshot("25-vendors");
        }
        JsonArray rules = admin.get("/api/vendors/" + vendor).json().getJsonArray("rules");
        assertFalse(rules.stream().anyMatch(rule -> rule.asJsonObject().getString("field").equals("invoice_number")),
                rules.toString());
    }

    /** An invoice of one vendor (the same letterhead and labels every time), uploaded and extracted. */
    private static String learningInvoice(Api admin, String number, String date, String total) {
        byte[] pdf = Pdfs.text("Invoice " + number, "Brightwater Paper Ltd", "12 Mill Lane, Leeds LS1 4AB", "Invoice",
                "Invoice number: " + number,
                "Invoice date: " + date, "Total: " + total + " GBP", "IBAN: GB82 WEST 1234 5698 7654 32");
        String documentId = Uploads.uploaded(admin, number + ".pdf", pdf);
        ApiResponse started = WorkflowPolling.start(admin, WorkflowPolling.request(documentId).add("template", "invoice"));
        assertEquals(202, started.status(), started.body());
        String id = started.json().getString("id");
        assertEquals("extracted", WorkflowPolling.awaitEnd(admin, id, java.time.Duration.ofSeconds(60)).getString("status"));
        return id;
    }

    /** The vendor a search finds once a committed review was learned from (learning follows the commit). */
    private static String awaitVendor(Api admin, String search) {
        for (int i = 0; i < 100; i++) {
            JsonArray items = admin.get("/api/vendors?q=" + search).json().getJsonArray("items");
            if (!items.isEmpty() && items.getJsonObject(0).getInt("documents_committed") > 0) {
                return items.getJsonObject(0).getString("id");
            }
            WorkflowPolling.pause(java.time.Duration.ofMillis(300));
        }
        throw new AssertionError("no vendor '" + search + "' was learned");
    }

    private Browser browser() {
        assumeTrue(Browser.installed(), Browser::missing);
        return new Browser(url.toString());
    }

    private Path write(String name, byte[] content) throws IOException {
        return Files.write(files.resolve(name), content);
    }

    private String extractedInvoice(String filename) {
        return ExtractedInvoices.extracted(api().as(accounts().adminToken()), filename);
    }

    /** The drawn box covers the field's bbox scaled from PDF points to the rendered image. */
    private static void assertBoxWhereTheApiSays(ReviewPage review, JsonObject workflow, String name) {
        JsonObject field = workflow.getJsonObject("result").getJsonArray("fields").getValuesAs(JsonObject.class).stream()
                .filter(f -> f.getString("name").equals(name)).findFirst().orElseThrow();
        JsonObject page = workflow.getJsonObject("result").getJsonArray("pages").getValuesAs(JsonObject.class).stream()
                .filter(p -> p.getInt("number") == field.getInt("page")).findFirst().orElseThrow();
        JsonArray bbox = field.getJsonArray("bbox");
        Rectangle box = review.field(name).select().selectedBox().getRect();
        Rectangle image = review.pageImage();
        double scaleX = image.width / page.getJsonNumber("width").doubleValue();
        double scaleY = image.height / page.getJsonNumber("height").doubleValue();
        double tolerance = 2.5;
        assertEquals(image.x + bbox.getJsonNumber(0).doubleValue() * scaleX, box.x, tolerance, "left");
        assertEquals(image.y + bbox.getJsonNumber(1).doubleValue() * scaleY, box.y, tolerance, "top");
        assertEquals(image.x + bbox.getJsonNumber(2).doubleValue() * scaleX, box.x + box.width, tolerance, "right");
        assertEquals(image.y + bbox.getJsonNumber(3).doubleValue() * scaleY, box.y + box.height, tolerance, "bottom");
    }

    private static void assertNoAlert(Browser browser) {
        assertThrows(NoAlertPresentException.class, () -> browser.driver.switchTo().alert(), "a script ran");
    }

    private String enrol(Account account) {
        var api = api().as(account.token());
        ApiResponse setup = api.postRaw("/api/users/mfa/setup", "application/json", "");
        assertEquals(200, setup.status(), setup.body());
        String secret = setup.json().getString("secret");
        ApiResponse verified = api.post("/api/users/mfa/verify",
                Json.createObjectBuilder().add("code", OneTimeCodes.code(secret, -1)).build());
        assertEquals(200, verified.status(), verified.body());
        return secret;
    }
}
