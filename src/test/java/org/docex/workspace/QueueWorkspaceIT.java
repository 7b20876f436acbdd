package org.docex.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
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
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/** The work queue in a real Chromium: a reviewer works through a vendor's invoices as a day's batch. */
@SharedServer(ServerGroup.GENERAL)
class QueueWorkspaceIT extends BlackBoxTest {

    @Test
    void aReviewerFiltersTheQueueCommitsAndGoesOnToTheNextAndBackToTheQueueAsItWasLeft() {
        String word = word();
        String vendor = "Wolkenbruch " + word + " GmbH";
        Api analyst = api().as(accounts().signedIn("analyst").token());
        String small = extracted(analyst, invoice(vendor, "WB-" + word + "-1", "59.50"));
        String large = extracted(analyst, invoice(vendor, "WB-" + word + "-2", "1,190.00"));
        String middle = extracted(analyst, invoice(vendor, "WB-" + word + "-3", "119.00"));
        Account reviewer = accounts().create("reviewer");

        try (Browser browser = browser()) {
            browser.driver.manage().window().setSize(new Dimension(1366, 768));
            SignInPage.open(browser).signIn(reviewer);
            browser.open("#/queue");
            assertEquals("Queue", browser.heading());
            assertEquals("true", browser.visible(By.cssSelector(".queue-tab[data-status=needs_review]")).getAttribute("aria-pressed"),
                    "the queue opens on what needs review");
            browser.visible(By.xpath("//label[text()='Vendor']/following-sibling::input")).sendKeys(word);
            awaitRows(browser, List.of(middle, large, small));
            String row = rowText(browser, large);
            assertTrue(row.contains(vendor), row);
            assertTrue(row.contains("WB-" + word + "-2"), row);
            assertTrue(row.contains("1190.00 EUR"), row);
            assertTrue(row.contains("2026-03-09"), row);
            assertEquals("3", tabCount(browser, "needs_review"));
            browser.assertAccessible("queue");
            browser.screenshot("30-queue");

            new Select(browser.visible(By.xpath("//label[text()='Sort']/following-sibling::select"))).selectByValue("-total_amount");
            awaitRows(browser, List.of(large, middle, small));
            browser.visible(By.cssSelector("tr[data-workflow-id='" + large + "'] a")).click();

            ReviewPage review = ReviewPage.shown(browser).awaitStatus("extracted");
            assertEquals(large, review.workflowId());
            WebElement commitNext = browser.visible(By.cssSelector(".review-actions .commit-next"));
            assertTrue(inViewport(browser, commitNext), "the review's actions stay on screen at 1366x768");
            browser.assertAccessible("review from the queue");
            browser.screenshot("31-review-from-the-queue");

            review.field("total_amount").edit("1190.50");
            browser.driver.findElement(By.cssSelector(".review-head .back")).click();
            browser.await(d -> {
                try {
                    d.switchTo().alert().dismiss();
                    return true;
                } catch (org.openqa.selenium.NoAlertPresentException e) {
                    return false;
                }
            });
            assertEquals(large, review.workflowId(), "unsaved edits keep the review open when the leave is not confirmed");
            assertEquals("1190.50", review.field("total_amount").value());

            commitNext.click();
            browser.visible(By.cssSelector("dialog textarea")).sendKeys("Checked against the order");
            browser.driver.findElement(By.xpath("//dialog//button[text()='Commit']")).click();
            browser.await(d -> middle.equals(ReviewPage.shown(browser).workflowId()));
            ReviewPage.shown(browser).awaitStatus("extracted");
            assertEquals("committed", WorkflowPolling.get(api().as(accounts().adminToken()), large).getString("status"));
            assertEquals("1190.50", WorkflowPolling.get(api().as(accounts().adminToken()), large)
                    .getJsonObject("committed").getJsonObject("fields").getString("total_amount"));

            browser.visible(By.cssSelector(".review-head .back")).click();
            awaitRows(browser, List.of(middle, small));
            assertEquals(word, browser.visible(By.xpath("//label[text()='Vendor']/following-sibling::input")).getDomProperty("value"),
                    "the filter is kept");
            assertEquals("2", tabCount(browser, "needs_review"));
            assertEquals("1", tabCount(browser, "committed"));

            browser.visible(By.xpath("//label[text()='Search']/following-sibling::input")).sendKeys("wb-" + word + "-1");
            awaitRows(browser, List.of(small));
            browser.visible(By.cssSelector(".queue-tab[data-status='']")).click();
            awaitRows(browser, List.of(small));
            browser.driver.manage().window().setSize(new Dimension(800, 900));
            browser.assertAccessible("queue at 800 px");
            browser.screenshot("32-queue-800px");
        }
    }

    @Test
    void theInvoiceFieldsComeFirstAndARequiredOneThatWasNotFoundIsMarkedAndCanBeTypedIn() {
        String word = word();
        Api analyst = api().as(accounts().signedIn("analyst").token());
        String id = extracted(analyst, Pdfs.text("Invoice", "Hagelschlag " + word + " GmbH", "Invoice", "Invoice No.: HS-" + word + "-17",
                "Invoice Date: 2026-04-01", "Project code: P-" + word, "Amount payable on delivery"));
        Account reviewer = accounts().create("reviewer");
        try (Browser browser = browser()) {
            browser.driver.manage().window().setSize(new Dimension(1366, 768));
            SignInPage.open(browser).signIn(reviewer);
            ReviewPage review = ReviewPage.open(browser, id).awaitStatus("extracted");
            List<String> names = review.fieldNames();
            assertEquals(List.of("vendor_name", "invoice_number", "invoice_date", "total_amount"), names.subList(0, 4),
                    "the invoice's fields first, in the template's order: " + names);
            assertTrue(names.indexOf("project_code") > 3, "key-value pairs after them: " + names);
            WebElement missing = browser.visible(By.cssSelector(".field-row.missing[data-field=total_amount]"));
            assertTrue(missing.getText().contains("Required, not found"), missing.getText());
            assertEquals("", review.field("total_amount").value());
            browser.assertAccessible("review, a required field not found");
            browser.screenshot("33-review-required-field-missing");

            review.field("total_amount").edit("80.00");
            review.saveWithShortcut();
            browser.await(d -> "in_review".equals(WorkflowPolling.get(analyst, id).getString("status")));
            assertEquals("80.00", WorkflowPolling.get(analyst, id).getJsonObject("draft").getJsonObject("fields").getString("total_amount"));
            browser.await(d -> d.findElements(By.cssSelector(".field-row.missing")).isEmpty()
                && !d.findElements(By.cssSelector(".field-row[data-field=total_amount]")).isEmpty());
        }
    }

    @Test
    void documentsChosenTogetherAreExtractedThenCommittedTogetherAndWhatIsRefusedIsNamed() {
        String word = word();
        Api analyst = api().as(accounts().signedIn("analyst").token());
        for (int i = 1; i <= 2; i++) {
            Uploads.uploaded(analyst, "bulk-" + word + "-" + i + ".pdf", invoice("Bulkhafen " + word + " GmbH", "BH-" + word + "-" + i, i + "00.00"));
        }
        Account reviewer = accounts().create("reviewer");
        Api admin = api().as(accounts().adminToken());
        try (Browser browser = browser()) {
            browser.driver.manage().window().setSize(new Dimension(1366, 768));
            DocumentsPage documents = SignInPage.open(browser).signIn(reviewer).search("bulk-" + word);
            assertEquals(2, documents.fileNames().size(), documents.fileNames().toString());
            browser.visible(By.cssSelector("th.choose input[type=checkbox]")).click();
            assertEquals("2 chosen", browser.visible(By.cssSelector(".bulk-count")).getText());
            browser.visible(By.xpath("//div[contains(@class,'bulk-bar')]//button[text()='Extract chosen…']")).click();
            browser.visible(By.xpath("//dialog//button[text()='Extract']")).click();
            browser.await(d -> list(admin, "vendor=" + word + "&status=extracted").getInt("total") == 2);

            browser.open("#/queue");
            browser.visible(By.xpath("//label[text()='Vendor']/following-sibling::input")).sendKeys(word);
            browser.await(d -> d.findElements(By.cssSelector(".queue tbody tr")).size() == 2);
            browser.visible(By.cssSelector("th.choose input[type=checkbox]")).click();
            browser.visible(By.xpath("//div[contains(@class,'bulk-bar')]//button[text()='Commit chosen…']")).click();
            browser.assertAccessible("queue, committing chosen ones");
            browser.screenshot("36-queue-commit-chosen");
            browser.visible(By.xpath("//dialog//button[text()='Commit 2']")).click();
            browser.await(d -> list(admin, "vendor=" + word + "&status=committed").getInt("total") == 2);

            documents = DocumentsPage.open(browser);
            browser.visible(By.cssSelector("th.choose input[type=checkbox]")).click();
            browser.visible(By.xpath("//div[contains(@class,'bulk-bar')]//button[text()='Delete chosen…']")).click();
            browser.visible(By.xpath("//dialog//button[text()='Delete']")).click();
            String report = browser.visible(By.cssSelector(".bulk-report .alert")).getText();
            assertTrue(report.startsWith("0 of 2 done; these were refused:"), report);
            assertTrue(report.contains("bulk-" + word + "-1.pdf") && report.contains("bulk-" + word + "-2.pdf"), report);
            assertEquals(2, list(admin, "vendor=" + word + "&status=committed").getInt("total"), "committed records are kept");
        }
    }

    private static jakarta.json.JsonObject list(Api api, String query) {
        return api.get("/api/extractions/workflows?" + query).json();
    }

    private static void awaitRows(Browser browser, List<String> ids) {
        browser.await(d -> ids.equals(d.findElements(By.cssSelector(".queue tbody tr")).stream()
                .map(row -> row.getAttribute("data-workflow-id")).toList())
                && !d.findElements(By.cssSelector(".list-region[aria-busy=false]")).isEmpty());
    }

    /** The row's text, read again when the list was redrawn meanwhile (typing filters as it goes). */
    private static String rowText(Browser browser, String id) {
        return browser.await(d -> d.findElement(By.cssSelector("tr[data-workflow-id='" + id + "']")).getText());
    }

    private static String tabCount(Browser browser, String status) {
        return browser.await(d -> d.findElement(By.cssSelector(".queue-tab[data-status='" + status + "'] .tab-count")).getText());
    }

    private static boolean inViewport(Browser browser, WebElement element) {
        return (Boolean) browser.script("const r = arguments[0].getBoundingClientRect();"
                + " return r.top >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;", element);
    }

    private static byte[] invoice(String vendor, String number, String total) {
        String date = number.endsWith("-2") ? "2026-03-09" : "2026-03-02";
        return Pdfs.text("Invoice " + number, vendor, "Invoice", "Invoice No.: " + number, "Invoice Date: " + date,
                "Total: " + total + " EUR");
    }

    private static String extracted(Api api, byte[] pdf) {
        String document = Uploads.uploaded(api, "queued-invoice.pdf", pdf);
        ApiResponse started = WorkflowPolling.start(api, WorkflowPolling.request(document).add("template", "invoice"));
        assertEquals(202, started.status(), started.body());
        String id = started.json().getString("id");
        assertEquals("extracted", WorkflowPolling.awaitEnd(api, id, Duration.ofSeconds(60)).getString("status"));
        return id;
    }

    private static String word() {
        StringBuilder word = new StringBuilder("Qw");
        for (int i = 0; i < 8; i++) {
            word.append((char) ('a' + ThreadLocalRandom.current().nextInt(26)));
        }
        return word.toString();
    }

    private Browser browser() {
        assumeTrue(Browser.installed(), Browser::missing);
        return new Browser(url.toString());
    }
}
