package org.docex.extraction.control.invoice;

import java.util.List;
import org.docex.extraction.control.text.TextSegment;

/**
 * The recipient's block as the lines of a page go by: the lines under a recipient's label ("Bill
 * to", "Kunde", "To"), from the label's column rightwards (a sender's block may stand to its left on
 * the same lines). What stands there is the buyer's, never the vendor's.
 */
final class RecipientBlock {

    private int until = -1;
    private double left;

    /** Notes a recipient's label among the segments of line {@code index}. */
    void see(int index, List<TextSegment> segments) {
        for (TextSegment segment : segments) {
            if (VendorNameFinder.RECIPIENT_LABEL.matcher(segment.text()).find()) {
                until = index + VendorNameFinder.RECIPIENT_BLOCK_LINES;
                left = segment.box().x0();
            }
        }
    }

    /** Whether {@code segment} of line {@code index} stands in the recipient's block seen so far. */
    boolean holds(int index, TextSegment segment) {
        return index <= until && segment.box().x1() > left;
    }
}
