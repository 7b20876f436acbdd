package org.docex.mfa.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.Base64;
import javax.imageio.ImageIO;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.RGBLuminanceSource;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import org.junit.jupiter.api.Test;

class QrCodeImageTest {

    private static final String PREFIX = "data:image/png;base64,";

    @Test
    void otpauthUrlScansBackExactly() throws Exception {
        String url = OtpAuthUrl.of("ann.lee+docs@example.com", TotpVerifier.newSecret());

        assertEquals(url, scan(image(QrCodeImage.dataUri(url))));
    }

    @Test
    void nonAsciiTextScansBackExactly() throws Exception {
        String text = "Zoë Ångström ✓";

        assertEquals(text, scan(image(QrCodeImage.dataUri(text))));
    }

    @Test
    void imageIsAboutTwoHundredFiftySixPixelsSquare() throws Exception {
        String uri = QrCodeImage.dataUri(OtpAuthUrl.of("ann@example.com", TotpVerifier.newSecret()));
        BufferedImage image = image(uri);

        assertTrue(uri.startsWith(PREFIX));
        assertEquals(256, image.getWidth());
        assertEquals(256, image.getHeight());
        assertEquals(0xFFFFFFFF, image.getRGB(0, 0), "quiet zone is white");
    }

    private static BufferedImage image(String dataUri) throws Exception {
        byte[] png = Base64.getDecoder().decode(dataUri.substring(PREFIX.length()));
        return ImageIO.read(new ByteArrayInputStream(png));
    }

    private static String scan(BufferedImage image) throws Exception {
        int[] pixels = image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
        RGBLuminanceSource source = new RGBLuminanceSource(image.getWidth(), image.getHeight(), pixels);
        return new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
    }
}
