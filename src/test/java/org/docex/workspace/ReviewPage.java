package org.docex.workspace;

import java.util.List;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.Rectangle;
import org.openqa.selenium.WebElement;

/** The review of one workflow: page, boxes, fields and the review actions. */
final class ReviewPage {

    private final Browser browser;

    private ReviewPage(Browser browser) {
        this.browser = browser;
    }

    static ReviewPage shown(Browser browser) {
        browser.await(d -> !d.findElements(By.cssSelector(".review .review-meta")).isEmpty());
        return new ReviewPage(browser);
    }

    static ReviewPage open(Browser browser, String workflowId) {
        browser.open("#/workflows/" + workflowId);
        return shown(browser);
    }

    String workflowId() {
        String hash = (String) browser.script("return location.hash");
        return hash.substring(hash.lastIndexOf('/') + 1);
    }

    ReviewPage awaitStatus(String status) {
        browser.await(d -> !d.findElements(By.cssSelector(".review-meta .badge[data-status=" + status + "]")).isEmpty());
        if (!List.of("queued", "running").contains(status)) {
            browser.await(d -> !d.findElements(By.cssSelector(".field-list")).isEmpty());
        }
        return this;
    }

    ReviewPage awaitPageImage() {
        browser.await(d -> (Boolean) browser.script(
                "const i = document.querySelector('.page-image'); return !!i && i.complete && i.naturalWidth > 0"));
        return this;
    }

    Field field(String name) {
        return new Field(name);
    }

    List<String> fieldNames() {
        return browser.driver.findElements(By.cssSelector(".field-row")).stream()
                .map(row -> row.getAttribute("data-field")).toList();
    }

    /** The other key-value pairs of an invoice, folded under its fields: the names, and what their summary says. */
    List<String> otherPairs() {
        return browser.driver.findElements(By.cssSelector(".other-pairs .field-row")).stream()
                .map(row -> row.getAttribute("data-field")).toList();
    }

    String otherPairsSummary() {
        return browser.visible(By.cssSelector(".other-pairs > summary")).getText();
    }

    boolean otherPairsUnfolded() {
        return (Boolean) browser.script("return document.querySelector('.other-pairs').open");
    }

    /** The line-item table as shown: its header row, then each line's cells (their text boxes' values); the column of remove buttons left out. */
    List<List<String>> lineItems() {
        WebElement table = browser.visible(By.cssSelector("table.line-items"));
        List<List<String>> rows = new java.util.ArrayList<>();
        for (WebElement row : table.findElements(By.cssSelector("tr"))) {
            rows.add(row.findElements(By.cssSelector("th:not(.line-remove), td:not(.line-remove)")).stream()
                    .map(cell -> cell.findElements(By.cssSelector(".field-value")).isEmpty() ? cell.getText()
                            : cell.findElement(By.cssSelector(".field-value")).getDomProperty("value"))
                    .toList());
        }
        return rows;
    }

    /** The names of the line-item cells marked low confidence. */
    List<String> lowConfidenceCells() {
        return browser.driver.findElements(By.cssSelector("table.line-items td.low")).stream()
                .map(cell -> cell.getAttribute("data-field")).toList();
    }

    /** What the viewer says of how the shown page's text was read. */
    String pageSource() {
        return browser.await(d -> d.findElements(By.cssSelector(".page-source")).stream()
                .filter(WebElement::isDisplayed).map(WebElement::getText).filter(text -> !text.isBlank()).findFirst().orElse(null));
    }

    /** The failed checks shown above the fields. */
    List<String> checksFailed() {
        return browser.driver.findElements(By.cssSelector(".review-notices .alert-warning")).stream()
                .map(WebElement::getText).toList();
    }

    /** The notices above the page and the fields, top to bottom, as their text reads. */
    /** The line under the document's name: status, template, version, who started it, what e-invoice it is. */
    String meta() {
        return browser.driver.findElement(By.cssSelector(".review-meta")).getText();
    }

    List<String> notices() {
        return browser.driver.findElements(By.cssSelector(".review-notices > *")).stream()
                .map(WebElement::getText).toList();
    }

    /** Saves the draft with the keyboard shortcut, from wherever the focus is. */
    ReviewPage saveWithShortcut() {
        browser.driver.switchTo().activeElement().sendKeys(Keys.chord(Keys.CONTROL, "s"));
        return this;
    }

    ReviewPage nextLowConfidence() {
        browser.driver.switchTo().activeElement().sendKeys(Keys.chord(Keys.ALT, "n"));
        return this;
    }

    /** The name of the field whose value has the keyboard focus. */
    String focusedField() {
        return browser.driver.switchTo().activeElement().getAttribute("data-field");
    }

    boolean hasButton(String text) {
        return browser.driver.findElements(By.xpath("//div[@class='review-actions']//button")).stream()
                .anyMatch(button -> button.getText().startsWith(text));
    }

    ReviewPage commit(String comment) {
        sendCommit(comment);
        return awaitStatus("committed");
    }

    private void sendCommit(String comment) {
        browser.driver.findElement(By.xpath("//div[@class='review-actions']//button[starts-with(text(),'Commit')]")).click();
        browser.visible(By.cssSelector("dialog textarea")).sendKeys(comment);
        browser.driver.findElement(By.xpath("//dialog//button[text()='Commit']")).click();
    }

    /** The rejection notice above the fields: who rejected and why. */
    String rejection() {
        return browser.visible(By.cssSelector(".review-notices .rejection")).getText();
    }

    boolean offersReopen() {
        return !browser.driver.findElements(By.xpath("//div[contains(@class,'rejection')]//button[starts-with(text(),'Reopen')]")).isEmpty();
    }

    /** Reopens the rejected workflow with {@code reason} and waits until it is in review again. */
    ReviewPage reopen(String reason) {
        browser.visible(By.xpath("//div[contains(@class,'rejection')]//button[starts-with(text(),'Reopen')]")).click();
        browser.visible(By.cssSelector("dialog textarea")).sendKeys(reason);
        browser.driver.findElement(By.xpath("//dialog//button[text()='Reopen']")).click();
        return awaitStatus("in_review");
    }

    /** Commits with a comment and waits for the refusal the review then shows. */
    String commitRefused(String comment) {
        sendCommit(comment);
        return problem();
    }

    /** Under a refusal of a commit with edits: saves them as a draft instead. */
    ReviewPage saveRefusedEditsAsDraft() {
        browser.visible(By.xpath("//div[contains(@class,'review-notices')]//button[text()='Save changes as draft']")).click();
        return awaitStatus("in_review");
    }

    ReviewPage scrollToTrail() {
        browser.script("arguments[0].scrollIntoView({block: 'start'})", browser.visible(By.cssSelector(".trail")));
        return this;
    }

    /** The conflict or error the review shows. */
    String problem() {
        return browser.visible(By.cssSelector(".review-notices .alert-error")).getText();
    }

    ReviewPage reload() {
        // "Reload", or "Reload without them" where one's own changes could be kept: the current version as it is.
        browser.visible(By.xpath("//div[contains(@class,'review-notices')]//button[text()='Reload' or text()='Reload without them']")).click();
        browser.await(d -> d.findElements(By.cssSelector(".review-notices .alert-error")).isEmpty());
        return this;
    }

    String trail() {
        return browser.visible(By.cssSelector(".trail")).getText();
    }

    int trailEntries() {
        return browser.driver.findElements(By.cssSelector(".trail-entry")).size();
    }

    /** The workflow shows only its latest reviews; this loads the others. */
    ReviewPage showWholeTrail() {
        browser.visible(By.xpath("//section[contains(@class,'trail')]//button[text()='Show all reviews']")).click();
        browser.await(d -> d.findElements(By.xpath("//section[contains(@class,'trail')]//button")).isEmpty());
        return this;
    }

    Rectangle pageImage() {
        return browser.driver.findElement(By.cssSelector(".page-image")).getRect();
    }

    final class Field {

        private final String name;

        private Field(String name) {
            this.name = name;
        }

        /** The field's input, scrolled to the middle of the window as a person scrolls to it (not under the sticky actions). */
        private WebElement input() {
            WebElement input = browser.await(d -> d.findElements(By.cssSelector(".field-value")).stream()
                    .filter(candidate -> name.equals(candidate.getAttribute("data-field"))).findFirst().orElse(null));
            // An invoice's other pairs are folded away: a person unfolds them first.
            browser.script("const folded = arguments[0].closest('details:not([open])'); if (folded) { folded.querySelector('summary').click(); }", input);
            browser.script("arguments[0].scrollIntoView({block: 'center'})", input);
            return input;
        }

        Field select() {
            input().click();
            return this;
        }

        Field edit(String value) {
            WebElement input = input();
            input.click();
            input.sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.DELETE);
            input.sendKeys(value);
            return this;
        }

        Field pressKey(CharSequence key) {
            input().sendKeys(key);
            return this;
        }

        String value() {
            return input().getDomProperty("value");
        }

        /** What the field says a saved review did to it ("Changed in review by ...; read as ..."), or "" where nothing. */
        String reviewChange() {
            input();
            return browser.driver.findElements(By.cssSelector(".field-row[data-field='" + name + "'] .review-change")).stream()
                    .map(WebElement::getText).findFirst().orElse("");
        }

        /** The box drawn for this field on the page now shown, selected. */
        WebElement selectedBox() {
            return browser.await(d -> d.findElements(By.cssSelector(".box.selected")).stream()
                    .filter(box -> name.equals(box.getAttribute("data-field"))).findFirst().orElse(null));
        }
    }
}
