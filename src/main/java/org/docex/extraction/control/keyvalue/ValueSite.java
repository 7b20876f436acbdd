package org.docex.extraction.control.keyvalue;

import org.docex.extraction.control.BoundingBox;
import org.docex.extraction.control.text.TextSegment;
import org.docex.extraction.control.values.ParsedValue;

/**
 * Where a label's value may be written: the text of {@code segment} from {@code start} on.
 *
 * @param layoutConfidence how clearly the layout ties this text to the label
 */
public record ValueSite(TextSegment segment, int start, double layoutConfidence, int page) {

    public String text() {
        return segment.text().substring(start);
    }

    /** The box of a value read from {@link #text()}. */
    public BoundingBox boxOf(ParsedValue value) {
        return segment.boxOf(start + value.start(), start + value.end());
    }
}
