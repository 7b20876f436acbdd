package org.docex.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.docex.testing.Accounts.Account;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.ServerGroup;
import org.docex.testing.SharedServer;
import org.junit.jupiter.api.Test;

/** A role that must use MFA enrols right at sign-in (DOCEX_MFA_REQUIRED_ROLES), before anything else. */
@SharedServer(ServerGroup.STRICT)
class EnrolmentAtSignInIT extends BlackBoxTest {

    @Test
    void aReviewerEnrolsAtFirstSignInAndKeepsTheRecoveryCodes() {
        assumeTrue(Browser.installed(), Browser::missing);
        Account reviewer = accounts().create("reviewer");
        try (Browser browser = new Browser(url.toString())) {
            SignInPage.open(browser).enter(reviewer.email(), reviewer.password());
            EnrolmentPage enrolment = EnrolmentPage.shown(browser);
            browser.assertAccessible("sign-in, enrolment");
            browser.screenshot("20-enrolment-at-sign-in");
            enrolment.verify(OneTimeCodes.code(enrolment.secret(), 0));
            assertEquals(10, enrolment.recoveryCodes().size());
            browser.screenshot("21-recovery-codes-at-sign-in");
            enrolment.saved();
            DocumentsPage.shown(browser);
            browser.assertAccessible("documents after enrolment");
        }
    }
}
