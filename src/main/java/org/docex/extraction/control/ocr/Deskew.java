package org.docex.extraction.control.ocr;

import java.awt.geom.AffineTransform;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;

/**
 * The skew of a page scanned slightly crooked: the angle whose horizontal projection of dark pixels
 * is sharpest (text rows line up into peaks and gaps), searched from -3 to 3 degrees on a reduced
 * copy. Tesseract reads words on a slightly turned page well; what goes wrong is which words share a
 * row, so the rows are built from word boxes turned straight ({@link #straight}), and the boxes given
 * out stay where the words are on the page image. Turning the image itself cost more than the
 * recognition of a sparse page.
 */
final class Deskew {

    private static final double MAX_DEGREES = 3.0;
    private static final double STEP_DEGREES = 0.1;
    private static final double NEGLIGIBLE_DEGREES = 0.05;
    private static final int SAMPLE_WIDTH = 800;
    private static final int DARK = 128;

    private final double radians;
    private final double centreX;
    private final double centreY;

    private Deskew(double radians, double centreX, double centreY) {
        this.radians = radians;
        this.centreX = centreX;
        this.centreY = centreY;
    }

    static Deskew measure(BufferedImage grey) {
        int step = Math.max(1, grey.getWidth() / SAMPLE_WIDTH);
        int width = grey.getWidth();
        byte[] pixels = ((DataBufferByte) grey.getRaster().getDataBuffer()).getData();
        int count = 0;
        int[] xs = new int[(grey.getWidth() / step + 1) * (grey.getHeight() / step + 1)];
        int[] ys = new int[xs.length];
        for (int y = 0; y < grey.getHeight(); y += step) {
            for (int x = 0; x < width; x += step) {
                if ((pixels[y * width + x] & 0xff) < DARK) {
                    xs[count] = x;
                    ys[count++] = y;
                }
            }
        }
        double best = 0;
        double bestScore = -1;
        int rows = grey.getHeight() / step + 2;
        for (double degrees = -MAX_DEGREES; degrees <= MAX_DEGREES + 1e-9; degrees += STEP_DEGREES) {
            double tan = Math.tan(Math.toRadians(degrees));
            int[] profile = new int[rows + (int) (Math.abs(tan) * width / step) * 2 + 2];
            int offset = (int) (Math.abs(tan) * width / step) + 1;
            for (int i = 0; i < count; i++) {
                int row = (int) Math.round((ys[i] - xs[i] * tan) / step) + offset;
                if (row >= 0 && row < profile.length) {
                    profile[row]++;
                }
            }
            double score = 0;
            for (int i = 1; i < profile.length; i++) {
                double difference = profile[i] - profile[i - 1];
                score += difference * difference;
            }
            if (score > bestScore) {
                bestScore = score;
                best = degrees;
            }
        }
        return new Deskew(Math.toRadians(best), grey.getWidth() / 2.0, grey.getHeight() / 2.0);
    }

    boolean negligible() {
        return Math.abs(Math.toDegrees(radians)) < NEGLIGIBLE_DEGREES;
    }

    /** A word's box on the page turned straight: for deciding which words share a row. */
    OcrWord straight(OcrWord word) {
        AffineTransform turn = AffineTransform.getRotateInstance(-radians, centreX, centreY);
        double[] corners = {word.left(), word.top(), word.right(), word.top(), word.left(), word.bottom(),
                word.right(), word.bottom()};
        turn.transform(corners, 0, corners, 0, 4);
        double left = Math.min(Math.min(corners[0], corners[2]), Math.min(corners[4], corners[6]));
        double right = Math.max(Math.max(corners[0], corners[2]), Math.max(corners[4], corners[6]));
        double top = Math.min(Math.min(corners[1], corners[3]), Math.min(corners[5], corners[7]));
        double bottom = Math.max(Math.max(corners[1], corners[3]), Math.max(corners[5], corners[7]));
        // The box turned keeps its height: a turned rectangle's bounding box would grow with its width.
        double middle = (top + bottom) / 2;
        double half = (word.bottom() - word.top()) / 2.0;
        return new OcrWord(word.text(), (int) Math.floor(left), (int) Math.floor(middle - half), (int) Math.ceil(right),
                (int) Math.ceil(middle + half), word.confidence(), word.line());
    }
}
