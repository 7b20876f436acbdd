package org.docex.workspace;

import org.docex.testing.Accounts.Account;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/** The sign-in screen and its second step, the one-time code. */
final class SignInPage {

    private final Browser browser;

    SignInPage(Browser browser) {
        this.browser = browser;
    }

    static SignInPage open(Browser browser) {
        browser.open("");
        browser.visible(By.cssSelector("input[name=username]"));
        return new SignInPage(browser);
    }

    SignInPage enter(String email, String password) {
        WebElement username = browser.visible(By.cssSelector("input[name=username]"));
        username.clear();
        username.sendKeys(email);
        WebElement secret = browser.driver.findElement(By.cssSelector("input[name=password]"));
        secret.clear();
        secret.sendKeys(password);
        browser.driver.findElement(By.cssSelector(".signin-card button[type=submit]")).click();
        return this;
    }

    /** Signs in a user without MFA and lands on the documents. */
    DocumentsPage signIn(Account account) {
        enter(account.email(), account.password());
        return DocumentsPage.shown(browser);
    }

    SignInPage awaitCodeStep() {
        browser.visible(By.cssSelector("input[name=code]"));
        return this;
    }

    DocumentsPage code(String code) {
        WebElement input = browser.visible(By.cssSelector("input[name=code]"));
        input.sendKeys(code);
        browser.driver.findElement(By.cssSelector(".signin-card button[type=submit]")).click();
        return DocumentsPage.shown(browser);
    }

    /** The message or error the screen shows now. */
    String message() {
        return browser.visible(By.cssSelector(".signin-card .alert")).getText();
    }

    boolean shown() {
        return !browser.driver.findElements(By.cssSelector("input[name=username]")).isEmpty();
    }
}
