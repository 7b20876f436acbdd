package org.docex.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.docex.build.TextPdf;

/** Small PDFs made in the test, with text where the test wants it. */
public final class Pdfs {

    private Pdfs() {
    }

    /** One page per entry, each page with its lines top-down; the title goes into the info dictionary. */
    public static byte[] withPages(String title, String[]... pages) {
        return TextPdf.of(title, pages);
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

    /** The pages of the PDFs one after the other, as a scanner's batch of them (separator sheets among them). */
    public static byte[] joined(byte[]... pdfs) {
        List<PDDocument> sources = new ArrayList<>();
        try (PDDocument batch = new PDDocument()) {
            for (byte[] pdf : pdfs) {
                PDDocument source = Loader.loadPDF(pdf);
                sources.add(source);
                for (var page : source.getPages()) {
                    batch.importPage(page);
                }
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            batch.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            for (PDDocument source : sources) {
                try {
                    source.close();
                } catch (IOException e) {
                    // Read from memory: nothing to release.
                }
            }
        }
    }
}
