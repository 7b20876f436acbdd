package org.docex.extraction.control.ocr;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Point2D;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;

/**
 * Straightens a page scanned slightly crooked. The angle is the one whose horizontal projection of
 * dark pixels is sharpest (text rows line up into peaks and gaps), searched from -3 to 3 degrees on a
 * reduced copy. Turning the page back lets rows of a form or invoice read as rows; word boxes found on
 * the straightened page are turned back onto the page as scanned.
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

    double degrees() {
        return Math.toDegrees(radians);
    }

    /** The page turned straight, on a white ground, of the same size. */
    BufferedImage straighten(BufferedImage grey) {
        BufferedImage straight = new BufferedImage(grey.getWidth(), grey.getHeight(), BufferedImage.TYPE_BYTE_GRAY);
        Graphics2D g = straight.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, grey.getWidth(), grey.getHeight());
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        g.drawImage(grey, AffineTransform.getRotateInstance(-radians, centreX, centreY), null);
        g.dispose();
        return straight;
    }

    /** A word's box on the straightened page, as the box around it on the page as scanned. */
    OcrWord onScan(OcrWord word) {
        AffineTransform back = AffineTransform.getRotateInstance(radians, centreX, centreY);
        double left = Double.MAX_VALUE;
        double top = Double.MAX_VALUE;
        double right = -Double.MAX_VALUE;
        double bottom = -Double.MAX_VALUE;
        for (int[] corner : new int[][] {{word.left(), word.top()}, {word.right(), word.top()},
                {word.left(), word.bottom()}, {word.right(), word.bottom()}}) {
            Point2D point = back.transform(new Point2D.Double(corner[0], corner[1]), null);
            left = Math.min(left, point.getX());
            top = Math.min(top, point.getY());
            right = Math.max(right, point.getX());
            bottom = Math.max(bottom, point.getY());
        }
        return new OcrWord(word.text(), (int) Math.floor(left), (int) Math.floor(top), (int) Math.ceil(right),
                (int) Math.ceil(bottom), word.confidence(), word.line());
    }
}
