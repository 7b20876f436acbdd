package org.docex.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;

/** Small PDFs made in the test, with text where the test wants it. */
public final class Pdfs {

    private Pdfs() {
    }

    /** One page per entry, each page with its lines top-down; the title goes into the info dictionary. */
    public static byte[] withPages(String title, String[]... pages) {
        try (PDDocument document = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            PDDocumentInformation info = new PDDocumentInformation();
            info.setTitle(title);
            info.setAuthor("docex tests");
            document.setDocumentInformation(info);
            PDType1Font font = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
            for (String[] lines : pages) {
                PDPage page = new PDPage(PDRectangle.A4);
                document.addPage(page);
                try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                    content.beginText();
                    content.setFont(font, 12);
                    content.newLineAtOffset(72, 770);
                    for (String line : lines) {
                        content.showText(line);
                        content.newLineAtOffset(0, -18);
                    }
                    content.endText();
                }
            }
            document.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static byte[] text(String title, String... lines) {
        return withPages(title, new String[][] {lines});
    }

    /** {@code pageCount} pages, each with a few lines of real text. */
    public static byte[] manyPages(int pageCount) {
        String[][] pages = new String[pageCount][];
        for (int i = 0; i < pageCount; i++) {
            pages[i] = new String[] {"Page " + (i + 1) + " of a long report",
                    "Reference: DOC-" + (1000 + i), "The quick brown fox jumps over the lazy dog."};
        }
        return withPages("Long report", pages);
    }
}
