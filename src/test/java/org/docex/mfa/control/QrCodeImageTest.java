package org.docex.mfa.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import org.docex.testing.QrScanner;
import org.junit.jupiter.api.Test;

class QrCodeImageTest {

    @Test
    void otpauthUrlScansBackExactly() {
        String url = OtpAuthUrl.of("ann.lee+docs@example.com", TotpVerifier.newSecret());

        assertEquals(url, QrScanner.text(QrCodeImage.dataUri(url)));
    }

    @Test
    void nonAsciiTextScansBackExactly() {
        String text = "Zoë Ångström ✓";

        assertEquals(text, QrScanner.text(QrCodeImage.dataUri(text)));
    }

    @Test
    void imageIsAboutTwoHundredFiftySixPixelsSquare() {
        String uri = QrCodeImage.dataUri(OtpAuthUrl.of("ann@example.com", TotpVerifier.newSecret()));
        BufferedImage image = QrScanner.image(uri);

        assertTrue(uri.startsWith(QrScanner.PNG_PREFIX));
        assertEquals(256, image.getWidth());
        assertEquals(256, image.getHeight());
        assertEquals(0xFFFFFFFF, image.getRGB(0, 0), "quiet zone is white");
    }
}
