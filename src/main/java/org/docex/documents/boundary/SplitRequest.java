package org.docex.documents.boundary;

import java.util.ArrayList;
import java.util.List;
import org.docex.documents.control.BatchSplitter;
import org.docex.errors.UnprocessableException;

/** The page ranges a person cuts a document into: {@code {"ranges": [[1, 2], [3, 5]]}}; anything else is ignored. */
public record SplitRequest(List<List<Integer>> ranges) {

    /**
     * The ranges as pages of a document of {@code pageCount} pages: 1-based and inclusive, in order, not overlapping,
     * at least one and not the whole document as one.
     *
     * @throws UnprocessableException naming what is wrong
     */
    List<BatchSplitter.Pages> pages(int pageCount) {
        if (ranges == null || ranges.isEmpty()) {
            throw new UnprocessableException("ranges: at least one range [first, last] of pages is required");
        }
        if (ranges.size() > BatchSplitter.MAX_PAGES) {
            throw new UnprocessableException("ranges: at most " + BatchSplitter.MAX_PAGES + " ranges");
        }
        List<BatchSplitter.Pages> pages = new ArrayList<>();
        int after = 0;
        for (int i = 0; i < ranges.size(); i++) {
            List<Integer> range = ranges.get(i);
            if (range == null || range.size() != 2 || range.get(0) == null || range.get(1) == null) {
                throw new UnprocessableException("ranges[" + i + "]: must be [first, last]");
            }
            int first = range.get(0);
            int last = range.get(1);
            if (first < 1 || last < first || last > pageCount) {
                throw new UnprocessableException("ranges[" + i + "]: pages " + first + " to " + last
                        + " are not within the document's " + pageCount + " pages, first to last");
            }
            if (first <= after) {
                throw new UnprocessableException("ranges[" + i + "]: must start after the range before it (page " + after + ")");
            }
            pages.add(new BatchSplitter.Pages(first, last));
            after = last;
        }
        if (pages.size() == 1 && pages.get(0).count() == pageCount) {
            throw new UnprocessableException("ranges: one range of every page is the document itself");
        }
        return pages;
    }
}
