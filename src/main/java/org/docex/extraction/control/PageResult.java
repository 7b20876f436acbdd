package org.docex.extraction.control;

import java.util.List;
import org.docex.extraction.control.text.TextLine;

/**
 * One page as displayed: width and height are swapped for pages rotated by 90 or 270 degrees.
 * {@code lines} are the page's text lines with their boxes, kept for the page-detail endpoint
 * rather than in the result.
 */
public record PageResult(int number, double width, double height, int rotation, String text, boolean hasTextLayer,
                         PageSource source, List<TextLine> lines) {

    public PageResult {
        lines = List.copyOf(lines);
    }
}
