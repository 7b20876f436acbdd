package org.docex.extraction;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;

/** PDFs for the black-box tests, built in the test: each page a few lines of text. */
final class GeneratedPdfs {

    private static final PDType1Font HELVETICA = new PDType1Font(Standard14Fonts.FontName.HELVETICA);

    private GeneratedPdfs() {
    }

    static byte[] invoice() {
        return pages(1, page -> new String[] {"ACME Supplies GmbH", "Invoice No.: INV-2026-001",
                "Invoice Date: 2026-11-02", "Order Ref: PO-7781", "Total: 1,234.56 EUR"});
    }

    /** {@code count} pages of text, each naming its number, for long-running extractions. */
    static byte[] report(int count) {
        return pages(count, page -> java.util.stream.IntStream.rangeClosed(1, 30)
                .mapToObj(line -> line == 1 ? "Quarterly report, page " + page
                        : "Item " + line + ": the quick brown fox jumps over the lazy dog, amount " + line * 11 + ".50 EUR")
                .toArray(String[]::new));
    }

    static byte[] sample(String name) {
        try {
            return Files.readAllBytes(Path.of("src/test/resources/pdfs", name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] pages(int count, java.util.function.IntFunction<String[]> lines) {
        try (PDDocument document = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            for (int number = 1; number <= count; number++) {
                PDPage page = new PDPage(PDRectangle.A4);
                document.addPage(page);
                try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                    float y = 800;
                    for (String line : lines.apply(number)) {
                        content.beginText();
                        content.setFont(HELVETICA, 12);
                        content.newLineAtOffset(60, y);
                        content.showText(line);
                        content.endText();
                        y -= 24;
                    }
                }
            }
            document.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
