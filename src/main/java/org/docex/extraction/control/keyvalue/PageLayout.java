package org.docex.extraction.control.keyvalue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.docex.extraction.control.BoundingBox;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.text.TextSegment;

/** Finds the text written under a label: on one of the next lines, overlapping it horizontally. */
final class PageLayout {

    private static final double MAX_DROP_IN_FONT_SIZES = 2.6;
    private static final double ALIGNMENT_TOLERANCE = 4.0;
    private static final int MAX_LINES_BELOW = 3;

    private PageLayout() {
    }

    static TextSegment segmentBelow(List<TextLine> lines, int lineIndex, TextSegment label) {
        return below(lines, lineIndex, label, candidate -> candidate.overlapsHorizontally(label, ALIGNMENT_TOLERANCE));
    }

    /**
     * The text under a column head of a header row ("Kwota netto   Kwota podatku   Kwota brutto"),
     * where numbers are set flush right in wide columns and so need not overlap their head: a
     * segment on the next lines that lies wholly between the neighbouring heads.
     */
    static TextSegment segmentInColumnBelow(List<TextLine> lines, int lineIndex, List<TextSegment> heads, int headIndex) {
        TextSegment head = heads.get(headIndex);
        double left = headIndex == 0 ? Double.NEGATIVE_INFINITY : heads.get(headIndex - 1).box().x1();
        double right = headIndex + 1 == heads.size() ? Double.POSITIVE_INFINITY : heads.get(headIndex + 1).box().x0();
        return below(lines, lineIndex, head, candidate -> candidate.box().x0() > left && candidate.box().x1() < right
                && candidate.box().x1() > head.box().x0() - ALIGNMENT_TOLERANCE);
    }

    /**
     * The cell under a column head where a header row and the row under it have as many cells, each
     * under its head but none overlapping it: forms that centre their heads over cells set flush left
     * ("Department  Currency  Payment Terms  Due Date" over "Sales  EUR  Net 30  04/30/20"). The
     * cells pair with the heads in their order; the row must lie within a few type sizes' drop.
     */
    static TextSegment cellInRowBelow(List<TextLine> lines, int lineIndex, List<TextSegment> heads, int headIndex) {
        if (lineIndex + 1 >= lines.size()) {
            return null;
        }
        TextSegment head = heads.get(headIndex);
        List<TextSegment> cells = lines.get(lineIndex + 1).segments();
        if (cells.size() != heads.size()) {
            return null;
        }
        TextSegment cell = cells.get(headIndex);
        double drop = cell.box().y0() - head.box().y1();
        double maxDrop = MAX_DROP_IN_FONT_SIZES * Math.max(Math.max(head.fontSize(), cell.fontSize()), 1);
        return drop > 0 && drop <= maxDrop && !isRule(cell) ? cell : null;
    }

    /**
     * The segment under {@code label} that {@code inColumn} accepts, on the first of the next lines
     * that has one, within a few type sizes' drop; of several on that line, the one most over the label.
     */
    private static TextSegment below(List<TextLine> lines, int lineIndex, TextSegment label, Predicate<TextSegment> inColumn) {
        BoundingBox labelBox = label.box();
        for (int i = lineIndex + 1; i < lines.size() && i <= lineIndex + MAX_LINES_BELOW; i++) {
            TextLine line = lines.get(i);
            double drop = line.box().y0() - labelBox.y1();
            if (line.box().y0() <= labelBox.y0()) {
                continue;
            }
            TextSegment best = null;
            double bestOverlap = 0;
            for (TextSegment candidate : line.segments()) {
                // Measured in the larger of the two type sizes: boxed totals set the amount under a
                // small label in large type, with the space that type needs between them.
                double maxDrop = MAX_DROP_IN_FONT_SIZES * Math.max(Math.max(label.fontSize(), candidate.fontSize()), 1);
                double overlap = candidate.horizontalOverlap(label);
                if (drop <= maxDrop && !isRule(candidate) && inColumn.test(candidate) && (best == null || overlap > bestOverlap)) {
                    best = candidate;
                    bestOverlap = overlap;
                }
            }
            if (best != null) {
                return best;
            }
        }
        return null;
    }

    /**
     * The amounts further down a column under {@code first} (on one of the lines under the head's line
     * {@code headLine}): on the lines that
     * follow, each a segment overlapping the one above it, no further below it than a tall row, and
     * ending in {@code amount}; at most {@code max}, up to the first line without such a segment.
     */
    static List<TextSegment> amountsFurtherDown(List<TextLine> lines, int headLine, TextSegment first, Pattern amount, int max) {
        List<TextSegment> found = new ArrayList<>();
        int lineIndex = lineOf(lines, headLine, first);
        TextSegment above = first;
        for (int i = lineIndex + 1; lineIndex >= 0 && i < lines.size() && found.size() < max; i++) {
            TextLine line = lines.get(i);
            if (line.box().y0() <= above.box().y0()) {
                continue;
            }
            TextSegment cell = null;
            double maxDrop = MAX_DROP_IN_FONT_SIZES * Math.max(above.fontSize(), 1);
            for (TextSegment candidate : line.segments()) {
                if (candidate.box().y0() - above.box().y1() <= maxDrop && candidate.overlapsHorizontally(above, ALIGNMENT_TOLERANCE)
                        && !isRule(candidate)) {
                    cell = candidate;
                    break;
                }
            }
            if (cell == null || !amount.matcher(cell.text()).find()) {
                break;
            }
            found.add(cell);
            above = cell;
        }
        return found;
    }

    /** The line of {@code segment}, found under {@code headLine} as far down as a value under a label is looked for. */
    private static int lineOf(List<TextLine> lines, int headLine, TextSegment segment) {
        BoundingBox box = segment.box();
        for (int i = headLine + 1; i < lines.size() && i <= headLine + MAX_LINES_BELOW; i++) {
            BoundingBox line = lines.get(i).box();
            if (line.y0() <= box.y0() && box.y1() <= line.y1() && line.x0() <= box.x0() && box.x1() <= line.x1()) {
                return i;
            }
        }
        return -1;
    }

    /** A rule typed with characters ("-----", "=====") under a head: no value, and nothing in its way. */
    private static boolean isRule(TextSegment segment) {
        return segment.text().chars().noneMatch(Character::isLetterOrDigit);
    }
}
