package org.docex.documents.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.pdmodel.graphics.image.JPEGFactory;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.apache.pdfbox.util.Matrix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A page that is one scan is read from its own pixels; anything else on it and it is rendered. */
class ScannedPageImageTest {

    private static final PDRectangle A4 = PDRectangle.A4;
    private static final long BUDGET = 25_000_000;

    @TempDir
    Path tmp;

    @Test
    void aPlainScanIsItsOwnPixelsAtItsOwnResolution() throws Exception {
        Path pdf = scanPdf(200, (content, image) -> content.drawImage(image, 0, 0, A4.getWidth(), A4.getHeight()), false);

        Optional<PageRenderer.PageImage> read = read(pdf, 300);

        assertTrue(read.isPresent());
        assertEquals(pixelsAt(200, A4.getWidth()), read.get().image().getWidth());
        assertEquals(200 / 72.0, read.get().pixelsPerPoint(), 0.01);
        // The dark bar drawn a tenth of the way down is where the scan has it.
        BufferedImage grey = read.get().image();
        assertTrue(grey(grey, grey.getWidth() / 2, grey.getHeight() / 10) < 60);
        assertTrue(grey(grey, grey.getWidth() / 2, grey.getHeight() / 2) > 200);
    }

    @Test
    void forOcrAScanIsEnlargedToTheAskedDpiAndMatchesTheRenderedPage() throws Exception {
        Path pdf = scanPdf(200, (content, image) -> content.drawImage(image, 0, 0, A4.getWidth(), A4.getHeight()), false);

        PageRenderer renderer = new PageRenderer(BUDGET, 100_000_000);
        PageRenderer.PageImage fast = renderer.renderGrey(pdf, 1, 300, false);

        assertEquals(2480, fast.image().getWidth());
        assertEquals(3507, fast.image().getHeight());
        assertEquals(300 / 72.0, fast.pixelsPerPoint(), 0.001);
        assertTrue(grey(fast.image(), 1240, 350) < 60, "the bar");
        assertTrue(grey(fast.image(), 1240, 1750) > 200, "the paper");
    }

    @Test
    void aScanFinerThanTheAskedDpiIsRendered() throws Exception {
        Path pdf = scanPdf(200, (content, image) -> content.drawImage(image, 0, 0, A4.getWidth(), A4.getHeight()), false);

        assertFalse(read(pdf, 150).isPresent());
        assertEquals(150 / 72.0, new PageRenderer(BUDGET, 100_000_000).renderGrey(pdf, 1, 150, true).pixelsPerPoint(), 0.001);
    }

    @Test
    void textOverTheScanMakesItAPageToRender() throws Exception {
        Path pdf = scanPdf(200, (content, image) -> {
            content.drawImage(image, 0, 0, A4.getWidth(), A4.getHeight());
            content.beginText();
            content.setFont(new PDType1Font(Standard14Fonts.FontName.HELVETICA), 12);
            content.newLineAtOffset(72, 72);
            content.showText("Invoice");
            content.endText();
        }, false);

        assertFalse(read(pdf, 300).isPresent());
    }

    @Test
    void aScanNotCoveringThePageIsRendered() throws Exception {
        Path pdf = scanPdf(200, (content, image) -> content.drawImage(image, 0, 0, A4.getWidth() / 2, A4.getHeight() / 2), false);

        assertFalse(read(pdf, 300).isPresent());
    }

    @Test
    void aFlippedOrTurnedScanIsRendered() throws Exception {
        Path flipped = scanPdf(200, (content, image) -> content.drawImage(image,
                new Matrix(A4.getWidth(), 0, 0, -A4.getHeight(), 0, A4.getHeight())), false);
        Path turned = scanPdf(200, (content, image) -> content.drawImage(image, 0, 0, A4.getWidth(), A4.getHeight()), true);

        assertFalse(read(flipped, 300).isPresent());
        assertFalse(read(turned, 300).isPresent());
    }

    @Test
    void aJpegWhoseHeaderDisagreesWithItsDictionaryIsRendered() throws Exception {
        Path pdf = scanPdf(200, (content, image) -> {
            // Twice the size both ways: a 400 dpi scan as far as the dictionary says.
            image.getCOSObject().setInt(COSName.WIDTH, image.getWidth() * 2);
            image.getCOSObject().setInt(COSName.HEIGHT, image.getHeight() * 2);
            content.drawImage(image, 0, 0, A4.getWidth(), A4.getHeight());
        }, false);

        assertFalse(read(pdf, 1200).isPresent());
    }

    private interface Drawing {
        void draw(PDPageContentStream content, PDImageXObject image) throws IOException;
    }

    private Path scanPdf(int dpi, Drawing drawing, boolean rotated) throws IOException {
        BufferedImage scan = new BufferedImage(pixelsAt(dpi, A4.getWidth()), pixelsAt(dpi, A4.getHeight()), BufferedImage.TYPE_BYTE_GRAY);
        Graphics2D g = scan.createGraphics();
        g.setColor(new Color(235, 235, 235));
        g.fillRect(0, 0, scan.getWidth(), scan.getHeight());
        g.setColor(Color.BLACK);
        g.fillRect(scan.getWidth() / 4, scan.getHeight() / 10 - 10, scan.getWidth() / 2, 20);
        g.dispose();
        Path pdf = tmp.resolve("scan-" + System.nanoTime() + ".pdf");
        try (PDDocument document = new PDDocument()) {
            PDPage page = new PDPage(A4);
            if (rotated) {
                page.setRotation(90);
            }
            document.addPage(page);
            PDImageXObject image = JPEGFactory.createFromImage(document, scan, 0.9f);
            try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                drawing.draw(content, image);
            }
            document.save(pdf.toFile());
        }
        return pdf;
    }

    private static Optional<PageRenderer.PageImage> read(Path pdf, int dpi) throws IOException {
        try (PDDocument document = MemoryBoundedPdfOpener.open(pdf)) {
            return ScannedPageImage.read(document.getPage(0), dpi, BUDGET);
        }
    }

    private static int pixelsAt(int dpi, float points) {
        return Math.round(points / 72f * dpi);
    }

    private static int grey(BufferedImage image, int x, int y) {
        return image.getRaster().getSample(x, y, 0);
    }
}
