package org.docex.extraction.control.ocr;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Random;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.graphics.image.JPEGFactory;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.pdfbox.rendering.ImageType;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.docex.extraction.control.BoundingBox;

/**
 * Turns a born-digital PDF into what a scanner makes of its printout: each page rendered in grey at
 * 200 dpi, turned by a slight skew, with sensor noise and specks, saved as a JPEG image filling a
 * page of the same size. The result has no text layer at all.
 */
public final class Scans {

    public static final int DPI = 200;

    private Scans() {
    }

    /** {@code skewDegrees}: the turn of the sheet on the glass; {@code seed} fixes the noise. */
    public static Path scan(Path original, Path target, double skewDegrees, long seed) {
        Random random = new Random(seed);
        try (PDDocument source = Loader.loadPDF(original.toFile()); PDDocument scan = new PDDocument()) {
            PDFRenderer renderer = new PDFRenderer(source);
            for (int i = 0; i < source.getNumberOfPages(); i++) {
                PDRectangle size = source.getPage(i).getMediaBox();
                BufferedImage page = noisy(skewed(renderer.renderImageWithDPI(i, DPI, ImageType.GRAY), skewDegrees), random);
                PDPage scanned = new PDPage(size);
                scan.addPage(scanned);
                PDImageXObject image = JPEGFactory.createFromImage(scan, page, 0.85f);
                try (PDPageContentStream content = new PDPageContentStream(scan, scanned)) {
                    content.drawImage(image, 0, 0, size.getWidth(), size.getHeight());
                }
            }
            scan.save(target.toFile());
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where a box of the original (points, top-left origin) lies on a page scanned at {@code skewDegrees}. */
    public static BoundingBox onScan(BoundingBox box,
                                                                  double pageWidth, double pageHeight, double skewDegrees) {
        AffineTransform turn = AffineTransform.getRotateInstance(Math.toRadians(skewDegrees), pageWidth / 2, pageHeight / 2);
        double[] corners = {box.x0(), box.y0(), box.x1(), box.y0(), box.x0(), box.y1(), box.x1(), box.y1()};
        turn.transform(corners, 0, corners, 0, 4);
        double x0 = Math.min(Math.min(corners[0], corners[2]), Math.min(corners[4], corners[6]));
        double x1 = Math.max(Math.max(corners[0], corners[2]), Math.max(corners[4], corners[6]));
        double y0 = Math.min(Math.min(corners[1], corners[3]), Math.min(corners[5], corners[7]));
        double y1 = Math.max(Math.max(corners[1], corners[3]), Math.max(corners[5], corners[7]));
        return new BoundingBox(x0, y0, x1, y1);
    }

    private static BufferedImage skewed(BufferedImage page, double degrees) {
        BufferedImage turned = new BufferedImage(page.getWidth(), page.getHeight(), BufferedImage.TYPE_BYTE_GRAY);
        Graphics2D g = turned.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, page.getWidth(), page.getHeight());
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        g.drawImage(page, AffineTransform.getRotateInstance(Math.toRadians(degrees), page.getWidth() / 2.0,
                page.getHeight() / 2.0), null);
        g.dispose();
        return turned;
    }

    /** Gaussian sensor noise, a slightly grey paper and a few dark specks. */
    private static BufferedImage noisy(BufferedImage page, Random random) {
        var raster = page.getRaster();
        int[] pixel = new int[1];
        for (int y = 0; y < page.getHeight(); y++) {
            for (int x = 0; x < page.getWidth(); x++) {
                raster.getPixel(x, y, pixel);
                int value = (int) Math.round(pixel[0] * 0.94 + random.nextGaussian() * 12);
                if (random.nextInt(4000) == 0) {
                    value = random.nextInt(90);
                }
                pixel[0] = Math.max(0, Math.min(255, value));
                raster.setPixel(x, y, pixel);
            }
        }
        return page;
    }
}
