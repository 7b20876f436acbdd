package org.docex.extraction.control;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.util.Matrix;

/**
 * Builds test PDFs with text placed in display coordinates (origin top-left of the page as
 * shown, y down to the baseline), whatever the page's rotation, so tests can state where a
 * reader sees the text.
 */
final class TestPdf implements AutoCloseable {

    static final PDFont HELVETICA = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
    static final PDFont HELVETICA_BOLD = new PDType1Font(Standard14Fonts.FontName.HELVETICA_BOLD);
    static final PDFont TIMES = new PDType1Font(Standard14Fonts.FontName.TIMES_ROMAN);

    final PDDocument document = new PDDocument();
    private PDPage page;
    private PDPageContentStream content;

    static TestPdf create() {
        return new TestPdf();
    }

    TestPdf page() {
        return page(PDRectangle.A4, 0);
    }

    TestPdf page(PDRectangle box, int rotation) {
        closeContent();
        page = new PDPage(box);
        page.setRotation(rotation);
        document.addPage(page);
        try {
            content = new PDPageContentStream(document, page);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    PDPage currentPage() {
        return page;
    }

    /** Writes {@code text} upright as displayed, its baseline starting at display point (x, y). */
    TestPdf text(String text, double x, double y, PDFont font, float size) {
        try {
            content.beginText();
            content.setFont(font, size);
            content.setTextMatrix(uprightAt(x, y));
            content.showText(text);
            content.endText();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    /** Writes {@code text} on a page without rotation, its baseline rising {@code degrees} from display point (x, y). */
    TestPdf slanted(String text, double x, double y, double degrees, PDFont font, float size) {
        double radians = Math.toRadians(degrees);
        float cos = (float) Math.cos(radians);
        float sin = (float) Math.sin(radians);
        try {
            content.beginText();
            content.setFont(font, size);
            content.setTextMatrix(new Matrix(cos, sin, -sin, cos, (float) x, page.getCropBox().getHeight() - (float) y));
            content.showText(text);
            content.endText();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    TestPdf text(String text, double x, double y) {
        return text(text, x, y, HELVETICA, 10);
    }

    /** Writes {@code text} so that it ends at display x {@code right}. */
    TestPdf rightAligned(String text, double right, double y, PDFont font, float size) {
        return text(text, right - width(text, font, size), y, font, size);
    }

    /** Strokes a thin straight line from display point (x1, y1) to display point (x2, y2). */
    TestPdf line(double x1, double y1, double x2, double y2) {
        Matrix from = uprightAt(x1, y1);
        Matrix to = uprightAt(x2, y2);
        try {
            content.setLineWidth(0.5f);
            content.moveTo(from.getTranslateX(), from.getTranslateY());
            content.lineTo(to.getTranslateX(), to.getTranslateY());
            content.stroke();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    static double width(String text, PDFont font, float size) {
        try {
            return font.getStringWidth(text) / 1000.0 * size;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Matrix uprightAt(double x, double y) {
        PDRectangle crop = page.getCropBox();
        float w = crop.getWidth();
        float h = crop.getHeight();
        float left = crop.getLowerLeftX();
        float bottom = crop.getLowerLeftY();
        float dx = (float) x;
        float dy = (float) y;
        return switch (page.getRotation()) {
            case 90 -> new Matrix(0, 1, -1, 0, left + dy, bottom + dx);
            case 180 -> new Matrix(-1, 0, 0, -1, left + w - dx, bottom + dy);
            case 270 -> new Matrix(0, -1, 1, 0, left + w - dy, bottom + h - dx);
            default -> new Matrix(1, 0, 0, 1, left + dx, bottom + h - dy);
        };
    }

    Path save(Path directory, String name) {
        closeContent();
        Path file = directory.resolve(name);
        try {
            document.save(file.toFile());
            document.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    private void closeContent() {
        if (content != null) {
            try {
                content.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            content = null;
        }
    }

    @Override
    public void close() throws IOException {
        closeContent();
        document.close();
    }
}
