package org.docex.extraction.control.text;

import java.util.List;
import org.docex.extraction.control.BoundingBox;

/**
 * The text of one page in reading order, with the position of every token in it, and the straight
 * rules the page draws (horizontal and vertical lines, as boxes one side of which is nearly nil).
 * {@code invisible}: the text is (nearly all) drawn invisibly, as a scanner's or another program's
 * OCR lays it over the page's image.
 */
public record PageText(int pageNumber, String text, List<TextLine> lines, boolean truncated, List<BoundingBox> rules,
                       boolean invisible) {

    public PageText {
        lines = List.copyOf(lines);
        rules = List.copyOf(rules);
    }

    public PageText(int pageNumber, String text, List<TextLine> lines, boolean truncated, List<BoundingBox> rules) {
        this(pageNumber, text, lines, truncated, rules, false);
    }

    public PageText(int pageNumber, String text, List<TextLine> lines, boolean truncated) {
        this(pageNumber, text, lines, truncated, List.of());
    }

    public static PageText empty(int pageNumber) {
        return new PageText(pageNumber, "", List.of(), false);
    }

    /** Each page's text, in page order: a document's text without joining it into one string. */
    public static List<String> textsOf(List<PageText> pages) {
        return pages.stream().map(PageText::text).toList();
    }

    public boolean hasText() {
        return !text.isBlank();
    }

    /** The box around the characters {@code start} to {@code end} of {@link #text()}, or null if none is known. */
    public BoundingBox boxOf(int start, int end) {
        BoundingBox box = null;
        for (TextLine line : lines) {
            for (TextToken token : line.tokens()) {
                if (token.offset() < end && token.end() > start) {
                    BoundingBox part = token.boxOf(start - token.offset(), end - token.offset());
                    box = box == null ? part : box.union(part);
                }
            }
        }
        return box;
    }
}
