package org.docex.mfa.control;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.EnumMap;
import java.util.Map;
import javax.imageio.ImageIO;

import com.google.zxing.BarcodeFormat;
import com.google.zxing.EncodeHintType;
import com.google.zxing.WriterException;
import com.google.zxing.common.BitMatrix;
import com.google.zxing.qrcode.QRCodeWriter;
import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;

/** A QR code as a PNG data URI, for the MFA setup screen to show without another request. */
public final class QrCodeImage {

    public static final int SIZE_PIXELS = 256;
    /** The quiet zone the QR specification asks for; scanners struggle with less. */
    public static final int MARGIN_MODULES = 4;

    private static final int BLACK = 0x000000;
    private static final int WHITE = 0xFFFFFF;

    private QrCodeImage() {
    }

    public static String dataUri(String text) {
        return "data:image/png;base64," + Base64.getEncoder().encodeToString(png(render(text)));
    }

    private static BitMatrix render(String text) {
        Map<EncodeHintType, Object> hints = new EnumMap<>(EncodeHintType.class);
        hints.put(EncodeHintType.ERROR_CORRECTION, ErrorCorrectionLevel.M);
        hints.put(EncodeHintType.MARGIN, MARGIN_MODULES);
        // ASCII text (an otpauth URL is) stays in plain byte mode, which every scanner reads.
        if (!StandardCharsets.US_ASCII.newEncoder().canEncode(text)) {
            hints.put(EncodeHintType.CHARACTER_SET, StandardCharsets.UTF_8.name());
        }
        try {
            return new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, SIZE_PIXELS, SIZE_PIXELS, hints);
        } catch (WriterException e) {
            throw new IllegalArgumentException("Text does not fit in a QR code", e);
        }
    }

    private static byte[] png(BitMatrix matrix) {
        BufferedImage image = new BufferedImage(matrix.getWidth(), matrix.getHeight(), BufferedImage.TYPE_BYTE_BINARY);
        for (int y = 0; y < matrix.getHeight(); y++) {
            for (int x = 0; x < matrix.getWidth(); x++) {
                image.setRGB(x, y, matrix.get(x, y) ? BLACK : WHITE);
            }
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            if (!ImageIO.write(image, "png", bytes)) {
                throw new IllegalStateException("No PNG writer available");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }
}
