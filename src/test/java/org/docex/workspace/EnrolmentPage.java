package org.docex.workspace;

import java.util.List;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/** MFA enrolment, at sign-in or from the account: the QR code, the first code, then the recovery codes. */
final class EnrolmentPage {

    private final Browser browser;

    private EnrolmentPage(Browser browser) {
        this.browser = browser;
    }

    static EnrolmentPage shown(Browser browser) {
        browser.visible(By.cssSelector(".enrolment img.qr"));
        return new EnrolmentPage(browser);
    }

    /** The secret as the page offers it for typing by hand, which is what the QR code holds. */
    String secret() {
        return (String) browser.script("return document.querySelector('.enrolment code.secret').textContent");
    }

    EnrolmentPage verify(String code) {
        browser.visible(By.cssSelector(".enrolment input")).sendKeys(code);
        browser.driver.findElement(By.xpath("//button[text()='Verify and enable']")).click();
        return this;
    }

    List<String> recoveryCodes() {
        List<WebElement> codes = browser.await(d -> {
            List<WebElement> shown = d.findElements(By.cssSelector(".recovery-codes li"));
            return shown.isEmpty() ? null : shown;
        });
        return codes.stream().map(WebElement::getText).toList();
    }

    void saved() {
        browser.driver.findElement(By.xpath("//button[text()='I have saved them']")).click();
    }
}
