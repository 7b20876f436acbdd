package org.docex.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Map;
import org.docex.testing.Accounts;
import org.docex.testing.Accounts.Account;
import org.docex.testing.BlackBoxTest;
import org.docex.testing.DocexDeployment;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/** A role that must use MFA enrols right at sign-in (DOCEX_MFA_REQUIRED_ROLES), before anything else. */
class EnrolmentAtSignInIT extends BlackBoxTest {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return DocexDeployment.war("workspace-enrolment", Accounts.settings(Map.of("docex.mfa-required-roles", "reviewer")));
    }

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
