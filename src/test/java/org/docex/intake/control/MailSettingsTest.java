package org.docex.intake.control;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The token endpoint is sent the client's secret: over TLS, or in the clear to this host only. */
class MailSettingsTest {

    @Test
    void theTokenEndpointMustBeHttpsOrOnThisHost() {
        assertTrue(MailSettings.secureTokenUrl("https://login.microsoftonline.com/tenant/oauth2/v2.0/token"));
        assertTrue(MailSettings.secureTokenUrl("http://127.0.0.1:8180/realms/mail/protocol/openid-connect/token"));
        assertTrue(MailSettings.secureTokenUrl("http://localhost/token"));
        assertFalse(MailSettings.secureTokenUrl("http://login.example.com/token"));
        assertFalse(MailSettings.secureTokenUrl("ftp://localhost/token"));
        assertFalse(MailSettings.secureTokenUrl("not a url"));
    }
}
