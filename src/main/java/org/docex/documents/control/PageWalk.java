package org.docex.documents.control;

import java.io.IOException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.Optional;
import java.util.Set;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;

/**
 * Walks a document's pages. The page tree's /Count can lie (2,000,000,000 for one page), so pages are counted
 * by walking, never more than needed. A tree that reaches a page twice (a cyclic tree makes PDFBox yield the
 * same page again, while its index lookup fails) is damaged: the walk refuses it, so that every part of the
 * service sees the same pages.
 */
final class PageWalk {

    private PageWalk() {
    }

    /** The number of pages, but at most {@code limit}: the walk stops there. */
    static int countUpTo(PDDocument document, int limit) throws IOException {
        return walk(document, limit).count;
    }

    /** The page with the 1-based number, if the document has that many pages. */
    static Optional<PDPage> page(PDDocument document, int pageNumber) throws IOException {
        Walked walked = walk(document, pageNumber);
        return walked.count == pageNumber ? Optional.of(walked.last) : Optional.empty();
    }

    private static Walked walk(PDDocument document, int limit) throws IOException {
        Iterator<PDPage> pages = document.getPages().iterator();
        Set<COSDictionary> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Walked walked = new Walked();
        while (walked.count < limit && pages.hasNext()) {
            PDPage page = pages.next();
            if (!seen.add(page.getCOSObject())) {
                throw new IOException("The page tree reaches a page twice");
            }
            walked.count++;
            walked.last = page;
        }
        return walked;
    }

    private static final class Walked {
        private int count;
        private PDPage last;
    }
}
