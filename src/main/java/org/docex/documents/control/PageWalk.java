package org.docex.documents.control;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;

/**
 * Walks a document's real pages. The page tree's /Count can lie (2,000,000,000 for one page) and a
 * cyclic tree makes PDFBox yield the same page twice, so pages are counted by walking, each page once.
 */
final class PageWalk {

    private PageWalk() {
    }

    /** The number of distinct pages, but at most {@code limit}: the walk stops there. */
    static int countUpTo(PDDocument document, int limit) {
        Iterator<PDPage> pages = distinctPages(document, limit);
        int count = 0;
        while (pages.hasNext()) {
            pages.next();
            count++;
        }
        return count;
    }

    /** The page with the 1-based number, if the document has that many distinct pages. */
    static Optional<PDPage> page(PDDocument document, int pageNumber) {
        Iterator<PDPage> pages = distinctPages(document, pageNumber);
        PDPage page = null;
        int count = 0;
        while (pages.hasNext()) {
            page = pages.next();
            count++;
        }
        return count == pageNumber ? Optional.of(page) : Optional.empty();
    }

    private static Iterator<PDPage> distinctPages(PDDocument document, int limit) {
        Iterator<PDPage> all = document.getPages().iterator();
        Set<COSDictionary> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        return new Iterator<>() {
            private PDPage next;

            @Override
            public boolean hasNext() {
                while (next == null && seen.size() < limit && all.hasNext()) {
                    PDPage candidate = all.next();
                    if (seen.add(candidate.getCOSObject())) {
                        next = candidate;
                    }
                }
                return next != null;
            }

            @Override
            public PDPage next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                PDPage page = next;
                next = null;
                return page;
            }
        };
    }
}
