package org.docex.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.docex.extraction.EInvoicePdfs;
import org.docex.extraction.WorkflowPolling;
import org.docex.testing.Accounts;
import org.docex.testing.Accounts.Account;
import org.docex.testing.Api;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.Pdfs;
import org.docex.testing.ServerGroup;
import org.docex.testing.SharedServer;
import org.docex.testing.Uploads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/**
 * What keeps a day's work safe in the workspace, in a real Chromium: asking before a grant or a
 * deactivation changes, a forgotten password set by an admin, the review usable at 800 px and at 200%
 * zoom, exports named after their document, tabs named after their screen, uploads that do not pile up.
 */
@SharedServer(ServerGroup.GENERAL)
class WorkspaceSafeguardsIT extends BlackBoxTest {

    @TempDir
    Path files;

    @Test
    void anAdminIsAskedBeforeDeactivatingOrChangingARoleAndSetsAForgottenPassword() {
        Account user = accounts().create("analyst");
        Api admin = api().as(accounts().adminToken());
        try (Browser browser = browser()) {
            SignInPage.open(browser).signIn(new Account(null, Accounts.ADMIN_EMAIL, Accounts.ADMIN_PASSWORD, "admin", null));
            browser.driver.findElement(By.cssSelector("a[data-nav='#/admin']")).click();
            browser.await(d -> "Administration".equals(browser.heading()));
            assertEquals("Administration · docex", browser.driver.getTitle());
            String row = "tr[data-email='" + user.email() + "']";

            browser.visible(By.cssSelector(row + " button[aria-label^='Deactivate']")).click();
            browser.visible(By.cssSelector("dialog"));
            assertEquals("Cancel", browser.driver.switchTo().activeElement().getText(), "the dialog opens on Cancel");
            browser.assertAccessible("administration, deactivation asked");
            browser.screenshot("34-admin-deactivation-asked");
            browser.driver.switchTo().activeElement().sendKeys(Keys.ENTER);
            browser.await(d -> d.findElements(By.cssSelector("dialog")).isEmpty());
            assertTrue(user(admin, user).getBoolean("active"), "Enter on the opened dialog deactivates nobody");
            browser.visible(By.cssSelector(row + " button[aria-label^='Deactivate']")).click();
            browser.visible(By.xpath("//dialog//button[text()='Deactivate']")).click();
            browser.await(d -> !user(admin, user).getBoolean("active"));
            browser.visible(By.cssSelector(row + " button[aria-label^='Activate']")).click();
            browser.await(d -> user(admin, user).getBoolean("active"));
            // The table is drawn anew once the screen has the answer: its Deactivate button back means the new row is there.
            browser.visible(By.cssSelector(row + " button[aria-label^='Deactivate']"));

            new Select(browser.visible(By.cssSelector(row + " select"))).selectByValue("reviewer");
            browser.visible(By.xpath("//dialog//button[text()='Cancel']")).click();
            assertEquals("analyst", new Select(browser.visible(By.cssSelector(row + " select"))).getFirstSelectedOption()
                    .getAttribute("value"), "a role change not confirmed is put back");
            assertEquals("analyst", user(admin, user).getString("role"));
            new Select(browser.visible(By.cssSelector(row + " select"))).selectByValue("reviewer");
            browser.visible(By.xpath("//dialog//button[text()='Make reviewer']")).click();
            browser.await(d -> "reviewer".equals(user(admin, user).getString("role")));

            String forgotten = "a new long passphrase " + System.nanoTime();
            browser.visible(By.cssSelector(row + " button[aria-label^='Set a new password']")).click();
            browser.visible(By.cssSelector("dialog input[type=password]")).sendKeys(forgotten);
            browser.driver.findElement(By.xpath("//dialog//button[text()='Set password']")).click();
            browser.await(d -> d.findElements(By.cssSelector("dialog")).isEmpty());
            assertTrue(accounts().login(user.email(), forgotten) != null, "the user signs in with the password the admin set");
        }
    }

    @Test
    void theReviewWorksAt800PixelsAndAt200PercentZoomAndItsExportIsNamedAfterTheDocument() throws IOException {
        Account reviewer = accounts().create("reviewer");
        Api api = api().as(accounts().login(reviewer.email(), reviewer.password()));
        EInvoicePdfs.Invoice invoice = EInvoicePdfs.sample();
        String lineItems = extracted(api, "narrow-lines.pdf", EInvoicePdfs.withAttachment(invoice, "factur-x.xml", EInvoicePdfs.cii(invoice)));
        String vendor = "Schmalspur " + System.nanoTime() + " GmbH";
        String simple = extracted(api, "Rechnung März.pdf", Pdfs.text("Invoice", vendor, "Invoice", "Invoice No.: SP-2026-17",
                "Invoice Date: 2026-05-02", "Total: 42.00 EUR"));
        try (Browser browser = browser()) {
            SignInPage.open(browser).signIn(reviewer);
            // 200% zoom of a 1366 x 768 screen is a window of 683 x 384 CSS pixels; 800 px is a narrow window.
            for (Dimension size : List.of(new Dimension(800, 900), new Dimension(683, 500))) {
                browser.driver.manage().window().setSize(size);
                ReviewPage review = ReviewPage.open(browser, lineItems).awaitStatus("extracted");
                long overflow = (Long) browser.script("return document.documentElement.scrollWidth - window.innerWidth");
                assertTrue(overflow <= 0, "nothing is off screen to the side at " + size + ": " + overflow + " px");
                WebElement commit = browser.visible(By.cssSelector(".review-actions .button-success"));
                assertTrue((Boolean) browser.script("const r = arguments[0].getBoundingClientRect();"
                        + " return r.bottom <= window.innerHeight && r.right <= window.innerWidth;", commit),
                        "Commit is on screen at " + size);
                browser.script("document.querySelector('table.line-items').scrollIntoView({block: 'center'})");
                WebElement amount = browser.visible(By.cssSelector("td[data-field='line_items.1.amount'] input"));
                assertTrue((Boolean) browser.script("const r = arguments[0].getBoundingClientRect();"
                        + " return r.left >= 0 && r.right <= window.innerWidth;", amount), "the Amount column is on screen at " + size);
                assertEquals("narrow-lines.pdf · Review · docex", browser.driver.getTitle());
                browser.assertAccessible("review at " + size.getWidth() + " px");
                browser.screenshot("35-review-" + size.getWidth() + "px");
            }

            browser.driver.manage().window().setSize(new Dimension(1366, 768));
            ReviewPage.open(browser, simple).awaitStatus("extracted").commit("Fine");
            browser.script("document.addEventListener('click', e => { if (e.target.download) window.lastDownload = e.target.download; }, true)");
            browser.visible(By.xpath("//button[text()='Export CSV']")).click();
            browser.await(d -> browser.script("return window.lastDownload || null"));
            assertEquals("Rechnung März SP-2026-17.csv", browser.script("return window.lastDownload"));

            DocumentsPage documents = DocumentsPage.open(browser);
            documents.upload(Files.write(files.resolve("piled-up.pdf"), Pdfs.text("Piled up", "One of many uploads")));
            browser.visible(By.cssSelector(".clear-uploads")).click();
            browser.await(d -> d.findElements(By.cssSelector(".upload-item")).isEmpty());
            assertEquals("Documents · docex", browser.driver.getTitle());
        }
    }

    @Test
    void lineItemsEditAsAGridWithTheKeyboardAndLinesAreAddedAndRemoved() {
        Account analyst = accounts().create("analyst");
        Api api = api().as(accounts().login(analyst.email(), analyst.password()));
        EInvoicePdfs.Invoice invoice = EInvoicePdfs.sample();
        String id = extracted(api, "grid-lines.pdf", EInvoicePdfs.withAttachment(invoice, "factur-x.xml", EInvoicePdfs.cii(invoice)));
        try (Browser browser = browser()) {
            browser.driver.manage().window().setSize(new Dimension(1366, 768));
            SignInPage.open(browser).signIn(analyst);
            ReviewPage review = ReviewPage.open(browser, id).awaitStatus("extracted");
            review.field("line_items.1.quantity").select().pressKey(Keys.ARROW_DOWN);
            assertEquals("line_items.2.quantity", review.focusedField(), "down moves along the column");
            review.field("line_items.2.quantity").pressKey(Keys.ARROW_UP);
            assertEquals("line_items.1.quantity", review.focusedField());

            browser.visible(By.cssSelector(".add-line")).click();
            assertEquals("line_items.4.description", review.focusedField(), "a new line starts at its first cell");
            browser.driver.switchTo().activeElement().sendKeys("Versandkosten");
            review.field("line_items.4.amount").edit("12.00");
            browser.visible(By.cssSelector("button[aria-label='Remove line 2']")).click();
            assertEquals("line_items.3.description", review.focusedField(), "the keyboard stays on the next line");
            browser.assertAccessible("review, line items edited as a grid");
            browser.screenshot("37-review-line-items-grid");
            review.saveWithShortcut();
            browser.await(d -> "in_review".equals(WorkflowPolling.get(api, id).getString("status")));
            JsonObject draft = WorkflowPolling.get(api, id).getJsonObject("draft").getJsonObject("fields");
            assertEquals("Versandkosten", draft.getString("line_items.4.description"));
            assertEquals("12.00", draft.getString("line_items.4.amount"));
            assertTrue(draft.keySet().stream().noneMatch(name -> name.startsWith("line_items.2.")), draft.toString());
            assertTrue(draft.keySet().stream().noneMatch(name -> name.startsWith("line_items.4.") && draft.getString(name).isEmpty()),
                    "cells left empty are not saved: " + draft);
        }
    }

    @Test
    void editsMadeWhenTheSessionEndsAreBackAfterSigningInAgainAndAConflictCanKeepThem() {
        Account analyst = accounts().create("analyst");
        Api api = api().as(accounts().login(analyst.email(), analyst.password()));
        String vendor = "Sitzungsende " + System.nanoTime() + " GmbH";
        String id = extracted(api, "session-ends.pdf", Pdfs.text("Invoice", vendor, "Invoice", "Invoice No.: SE-2026-5",
                "Invoice Date: 2026-06-01", "Total: 50.00 EUR"));
        try (Browser browser = browser()) {
            browser.driver.manage().window().setSize(new Dimension(1366, 768));
            SignInPage.open(browser).signIn(analyst);
            ReviewPage review = ReviewPage.open(browser, id).awaitStatus("extracted");
            review.field("total_amount").edit("55.00");
            String token = (String) browser.script("return sessionStorage.getItem('docex.token')");
            assertEquals(204, api().as(token).postRaw("/api/users/logout", "application/json", "").status());
            review.saveWithShortcut();
            SignInPage signIn = new SignInPage(browser);
            assertEquals("Your session was ended: you signed out, or your password or two-step verification was changed."
                    + " Please sign in again.", signIn.message());
            signIn.enter(analyst.email(), analyst.password());
            ReviewPage again = ReviewPage.shown(browser).awaitStatus("extracted");
            assertEquals("55.00", again.field("total_amount").value(), "the edit made before the session ended is back");
            assertTrue(browser.visible(By.cssSelector(".review-notices .restored")).getText().contains("are back"));
            browser.assertAccessible("review, edits restored after signing in again");
            browser.screenshot("38-review-edits-restored");

            // Meanwhile someone else saves a draft; this save conflicts, and the edit survives the reload.
            Api other = api().as(accounts().signedIn("reviewer").token());
            JsonObject current = WorkflowPolling.get(other, id);
            assertEquals(200, other.post("/api/extractions/workflow/" + id + "/review", Json.createObjectBuilder()
                    .add("action", "save_draft").add("version", current.getJsonNumber("version").longValue())
                    .add("fields", Json.createObjectBuilder().add("invoice_date", "2026-06-02")).build()).status());
            again.saveWithShortcut();
            assertTrue(again.problem().startsWith("Someone else saved first"), again.problem());
            browser.visible(By.xpath("//button[text()='Reload and keep my changes']")).click();
            browser.await(d -> "2026-06-02".equals(again.field("invoice_date").value()));
            assertEquals("55.00", again.field("total_amount").value());
            again.saveWithShortcut();
            browser.await(d -> WorkflowPolling.get(api, id).getJsonNumber("version").longValue() == 3);
            JsonObject draft = WorkflowPolling.get(api, id).getJsonObject("draft").getJsonObject("fields");
            assertEquals("55.00", draft.getString("total_amount"));
            assertEquals("2026-06-02", draft.getString("invoice_date"), "the other's change is kept too");
        }
    }

    @Test
    void anInvoicesOtherPairsAreFoldedAwayAndLeftOutOfTheRecordUnlessKept() {
        Account reviewer = accounts().create("reviewer");
        Api api = api().as(accounts().login(reviewer.email(), reviewer.password()));
        String vendor = "Paarweise " + System.nanoTime() + " GmbH";
        String id = extracted(api, "other-pairs.pdf", Pdfs.text("Invoice", vendor, "Invoice", "Invoice No.: OP-2026-7",
                "Invoice Date: 2026-06-01", "Customer No.: K-4711", "Phone: +49 30 1234567", "Delivery terms: free house",
                "Total: 80.00 EUR"));
        List<String> pairs = WorkflowPolling.get(api, id).getJsonObject("result").getJsonArray("fields").getValuesAs(JsonObject.class)
                .stream().filter(field -> field.getString("source").equals("key_value")).map(field -> field.getString("name")).toList();
        String customer = WorkflowPolling.get(api, id).getJsonObject("result").getJsonArray("fields").getValuesAs(JsonObject.class)
                .stream().filter(field -> field.getString("source").equals("key_value") && field.getString("value").equals("K-4711"))
                .map(field -> field.getString("name")).findFirst().orElseThrow(() -> new AssertionError("no pair K-4711 in " + pairs));
        try (Browser browser = browser()) {
            browser.driver.manage().window().setSize(new Dimension(1366, 768));
            SignInPage.open(browser).signIn(reviewer);
            ReviewPage review = ReviewPage.open(browser, id).awaitStatus("extracted");
            List<String> others = review.otherPairs();
            assertTrue(others.contains(customer), others.toString());
            assertTrue(others.size() >= 2, "customer number, phone and terms are other pairs: " + others);
            assertTrue(others.stream().noneMatch(List.of("invoice_number", "invoice_date", "total_amount", "vendor_name")::contains), others.toString());
            assertTrue(review.fieldNames().containsAll(List.of("invoice_number", "total_amount")));
            assertTrue(!review.otherPairsUnfolded(), "folded away at first");
            assertEquals("Other pairs found on the page (" + others.size() + "): left out of the record", review.otherPairsSummary());

            // Typing into one keeps it; the others go.
            review.field(customer).edit("K-4711");
            assertEquals("Other pairs found on the page (" + others.size() + "): " + (others.size() - 1) + " left out of the record",
                    review.otherPairsSummary());
            assertEquals(others.size() - 1, browser.driver.findElements(By.cssSelector(".other-pairs .badge-left-out")).size(),
                    "each pair left out says so in words, not only struck through");
            browser.assertAccessible("review, other pairs unfolded");
            browser.screenshot("39-review-other-pairs");
            review.commit("Checked");
            JsonObject committed = WorkflowPolling.get(api, id).getJsonObject("committed").getJsonObject("fields");
            assertEquals("K-4711", committed.getString(customer));
            assertEquals("OP-2026-7", committed.getString("invoice_number"));
            assertEquals("80.00", committed.getString("total_amount"));
            for (String other : others) {
                assertTrue(other.equals(customer) || !committed.containsKey(other), other + " left out: " + committed);
            }
        }
    }

    private static JsonObject user(Api admin, Account account) {
        return admin.get("/api/users?limit=200").json().getJsonArray("items").getValuesAs(JsonObject.class).stream()
                .filter(user -> user.getString("email").equals(account.email())).findFirst().orElseThrow();
    }

    private static String extracted(Api api, String filename, byte[] pdf) {
        String document = Uploads.uploaded(api, filename, pdf);
        String id = WorkflowPolling.start(api, WorkflowPolling.request(document).add("template", "invoice")).json().getString("id");
        assertEquals("extracted", WorkflowPolling.awaitEnd(api, id, Duration.ofSeconds(60)).getString("status"));
        return id;
    }

    private Browser browser() {
        assumeTrue(Browser.installed(), Browser::missing);
        return new Browser(url.toString());
    }
}
