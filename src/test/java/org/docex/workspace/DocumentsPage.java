package org.docex.workspace;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/** The documents screen: uploads and the list. */
final class DocumentsPage {

    private final Browser browser;

    private DocumentsPage(Browser browser) {
        this.browser = browser;
    }

    static DocumentsPage shown(Browser browser) {
        browser.await(d -> "Documents".equals(browser.heading()));
        browser.await(d -> d.findElements(By.cssSelector(".list-region[aria-busy=false]")).size() == 1);
        return new DocumentsPage(browser);
    }

    static DocumentsPage open(Browser browser) {
        browser.open("#/documents");
        return shown(browser);
    }

    /** Picks the files in the file chooser at once, and waits for each upload's result. */
    List<Upload> upload(Path... files) {
        String paths = List.of(files).stream().map(Path::toString).collect(Collectors.joining("\n"));
        int before = browser.driver.findElements(By.cssSelector(".upload-item")).size();
        browser.driver.findElement(By.id("upload-input")).sendKeys(paths);
        browser.await(d -> d.findElements(By.cssSelector(".upload-item")).size() >= before + files.length
                && d.findElements(By.cssSelector(".upload-item[data-state=uploading]")).isEmpty());
        return browser.driver.findElements(By.cssSelector(".upload-item")).stream()
                .map(item -> new Upload(item.findElement(By.cssSelector(".upload-name")).getText(),
                        item.getAttribute("data-state"),
                        item.findElement(By.cssSelector(".upload-result")).getText()))
                .toList();
    }

    /** Chooses "Batch scans": the next uploads are cut at separator sheets and blank pages. */
    DocumentsPage splittingBatches() {
        new Select(browser.driver.findElement(By.id("upload-split"))).selectByValue("separator");
        return this;
    }

    /** Chooses "Batch scans, and propose where each invoice starts". */
    DocumentsPage proposingSplits() {
        new Select(browser.driver.findElement(By.id("upload-split"))).selectByValue("suggest");
        return this;
    }

    /**
     * Opens the row's Split dialog (left open) and answers what it proposes: the ranges filled in and the proposal's
     * words; with {@code find} after asking docex to find where invoices start.
     */
    List<String> proposedSplit(String filename, boolean find) {
        clickInRow(filename, "Split");
        WebElement input = browser.visible(By.cssSelector("dialog input[name=ranges]"));
        if (find) {
            browser.driver.findElement(By.xpath("//dialog//button[text()='Find where invoices start']")).click();
            browser.await(d -> !input.getDomProperty("value").isEmpty() || d.findElement(By.cssSelector("dialog .split-proposal"))
                    .getText().startsWith("docex sees"));
        }
        return List.of(input.getDomProperty("value"), browser.driver.findElement(By.cssSelector("dialog .split-proposal")).getText());
    }

    /** Splits by what the open Split dialog holds; waits for it to close. */
    void confirmSplit() {
        browser.driver.findElement(By.xpath("//dialog//button[text()='Split']")).click();
        browser.await(d -> d.findElements(By.cssSelector("dialog[open]")).isEmpty());
    }

    WebElement row(String filename) {
        return browser.await(d -> d.findElements(By.cssSelector("tbody tr")).stream()
                .filter(tr -> tr.findElement(By.cssSelector(".file-name")).getText().equals(filename))
                .findFirst().orElse(null));
    }

    /** Starts an extraction from the row's dialog and lands on its review. */
    ReviewPage extract(String filename, String template) {
        clickInRow(filename, "Extract");
        WebElement select = browser.visible(By.cssSelector("dialog select[name=template]"));
        new Select(select).selectByValue(template);
        browser.driver.findElement(By.xpath("//dialog//button[text()='Start extraction']")).click();
        return ReviewPage.shown(browser);
    }

    /** Types into the search box and waits for the list to show only matching documents. */
    DocumentsPage search(String text) {
        browser.driver.findElement(By.cssSelector("input[type=search]")).sendKeys(text);
        browser.await(d -> fileNames().stream().allMatch(name -> name.contains(text)));
        return this;
    }

    @SuppressWarnings("unchecked")
    List<String> fileNames() {
        return (List<String>) browser.script(
                "return [...document.querySelectorAll('tbody .file-name')].map(name => name.textContent)");
    }

    /** Clicks the row's button, again if the list was redrawn under the click. */
    /**
     * Opens the row's Split dialog and splits by the ranges typed ("1-1, 2-2"): the error the dialog shows, or empty
     * once it closed (the split made).
     */
    String split(String filename, String ranges) {
        clickInRow(filename, "Split");
        WebElement input = browser.visible(By.cssSelector("dialog input[name=ranges]"));
        input.clear();
        input.sendKeys(ranges);
        browser.driver.findElement(By.xpath("//dialog//button[text()='Split']")).click();
        return browser.await(d -> {
            if (d.findElements(By.cssSelector("dialog[open]")).isEmpty()) {
                return "";
            }
            List<WebElement> errors = d.findElements(By.cssSelector("dialog .form-errors .alert-error"));
            return errors.isEmpty() ? null : errors.get(0).getText();
        });
    }

    /** Closes the open dialog with its Cancel button. */
    void cancelDialog() {
        browser.driver.findElement(By.xpath("//dialog//button[text()='Cancel']")).click();
        browser.await(d -> d.findElements(By.cssSelector("dialog[open]")).isEmpty());
    }

    private void clickInRow(String filename, String button) {
        browser.await(d -> {
            row(filename).findElement(By.xpath(".//button[text()='" + button + "']")).click();
            return true;
        });
    }

    /** Asks to delete the document and answers what the dialog says after the first try. */
    String delete(String filename) {
        clickInRow(filename, "Delete");
        browser.visible(By.xpath("//dialog//button[text()='Delete']")).click();
        return browser.visible(By.cssSelector("dialog .alert")).getText();
    }

    DocumentsPage deleteAnyway(String filename) {
        browser.visible(By.xpath("//dialog//button[text()='Delete anyway']")).click();
        browser.await(d -> !fileNames().contains(filename));
        return this;
    }

    record Upload(String name, String state, String result) {
    }
}
