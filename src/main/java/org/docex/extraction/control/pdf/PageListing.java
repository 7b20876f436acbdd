package org.docex.extraction.control.pdf;

import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.docex.extraction.control.ExtractionFailedException;

/**
 * The pages of a document, found by walking the page tree with a cap: the page count a PDF
 * declares can be a lie.
 */
public final class PageListing {

    private PageListing() {
    }

    public static List<PDPage> pagesOf(PDDocument document, int maxPages, WorkDeadline deadline)
            throws ExtractionFailedException {
        List<PDPage> pages = new ArrayList<>();
        for (PDPage page : document.getPages()) {
            if (pages.size() == maxPages) {
                throw new ExtractionFailedException(
                        "The PDF has more than " + maxPages + " pages, the most this service extracts");
            }
            deadline.check();
            pages.add(page);
        }
        return pages;
    }
}
