package org.docex.testing;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Base64;
import java.util.Map;
import javax.imageio.ImageIO;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.ChecksumException;
import com.google.zxing.DecodeHintType;
import com.google.zxing.FormatException;
import com.google.zxing.NotFoundException;
import com.google.zxing.RGBLuminanceSource;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;

/**
 * Reads a PNG data URI back: the image, and the text of its QR code. The code is read as a pure
 * barcode (an upright, generated image) because ZXing's camera-style finder misses about one in
 * thirty of these clean images that other scanners (zbarimg) read; the test is about the content.
 */
public final class QrScanner {

    public static final String PNG_PREFIX = "data:image/png;base64,";

    private QrScanner() {
    }

    public static BufferedImage image(String dataUri) {
        if (!dataUri.startsWith(PNG_PREFIX)) {
            throw new AssertionError("Not a PNG data URI: " + dataUri.substring(0, Math.min(40, dataUri.length())));
        }
        byte[] png = Base64.getDecoder().decode(dataUri.substring(PNG_PREFIX.length()));
        try {
            return ImageIO.read(new ByteArrayInputStream(png));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String text(String dataUri) {
        BufferedImage image = image(dataUri);
        int[] pixels = image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
        RGBLuminanceSource source = new RGBLuminanceSource(image.getWidth(), image.getHeight(), pixels);
        try {
            return new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(source)),
                    Map.of(DecodeHintType.PURE_BARCODE, Boolean.TRUE)).getText();
        } catch (NotFoundException | ChecksumException | FormatException e) {
            throw new AssertionError("No readable QR code in the image", e);
        }
    }
}
