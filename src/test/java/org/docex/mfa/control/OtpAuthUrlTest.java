package org.docex.mfa.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;

import org.junit.jupiter.api.Test;

class OtpAuthUrlTest {

    private static final String SECRET = "JBSWY3DPEHPK3PXP";

    @Test
    void plainAddressKeepsItsAtSign() {
        assertEquals("otpauth://totp/docex:ann@example.com?secret=JBSWY3DPEHPK3PXP&issuer=docex"
                + "&algorithm=SHA1&digits=6&period=30", OtpAuthUrl.of("ann@example.com", SECRET));
    }

    @Test
    void reservedAndNonAsciiCharactersArePercentEncoded() {
        assertEquals("docex:a%2Bb%20c%3Ad%26e%3Ff%23@ex%C3%A4mple.com",
                URI.create(OtpAuthUrl.of("a+b c:d&e?f#@exämple.com", SECRET)).getRawSchemeSpecificPart()
                        .substring("//totp/".length()).split("\\?")[0]);
    }

    @Test
    void urlParsesAsAUriWhoseLabelDecodesToTheAddress() {
        URI uri = URI.create(OtpAuthUrl.of("a+b c@example.com", SECRET));

        assertEquals("otpauth", uri.getScheme());
        assertEquals("totp", uri.getHost());
        assertEquals("/docex:a+b c@example.com", uri.getPath());
        assertEquals("secret=JBSWY3DPEHPK3PXP&issuer=docex&algorithm=SHA1&digits=6&period=30", uri.getQuery());
    }

    @Test
    void secretThatIsNotBase32IsRefused() {
        assertThrows(IllegalArgumentException.class, () -> OtpAuthUrl.of("ann@example.com", "abc&issuer=evil"));
    }
}
