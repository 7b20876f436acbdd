package org.docex.extraction.control.invoice;

import java.util.List;
import org.docex.extraction.control.BoundingBox;
import org.docex.extraction.control.keyvalue.LabelledValue;
import org.docex.extraction.control.keyvalue.LabelledValueLocator;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.text.TextSegment;
import org.docex.extraction.control.values.DateOrder;
import org.docex.extraction.control.values.DateParser;

/**
 * Dates of an item table's rows: a folio's "Date / Description / Sum" reads as a "Date" label with
 * the first night's date under it. Such a date stands in a cell of its own in a row whose last cell
 * is an amount, and more dates stand under it in its column; the invoice's own date in its header
 * ("Rechnungsdatum   06.05.19" over "Anreise   30.04.19") ends its row.
 */
final class ItemRowDates {

    /** How many lines below a row the next row's date is looked for (a card number's line may come between). */
    private static final int ROWS_BELOW = 4;
    private static final double SAME_COLUMN_TOLERANCE = 2.0;

    private ItemRowDates() {
    }

    /** Whether the date {@code value} read is one of an item table's rows' dates. */
    static boolean isOne(LabelledValue value, List<PageText> pages, DateOrder order) {
        int number = value.site().page();
        if (number < 1 || number > pages.size()) {
            return false;
        }
        List<TextLine> lines = pages.get(number - 1).lines();
        TextSegment date = value.site().segment();
        int row = lineOf(lines, date);
        // A cell of its own, and an amount in a cell of its own at the row's end: "Rechnungsdatum   06.05.19" is no row.
        if (value.site().start() > 0 || row < 0 || !endsWithAnAmount(lines.get(row), date, order)) {
            return false;
        }
        for (int below = row + 1; below < lines.size() && below <= row + ROWS_BELOW; below++) {
            for (TextSegment segment : lines.get(below).segments()) {
                if (segment.overlapsHorizontally(date, SAME_COLUMN_TOLERANCE)
                        && DateParser.atStart(segment.text().strip(), 0, order).isPresent()) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether the row's last cell, another than the date's, is an amount ("9,190.00"), not a date or a time. */
    private static boolean endsWithAnAmount(TextLine row, TextSegment date, DateOrder order) {
        List<TextSegment> cells = row.segments();
        TextSegment last = cells.get(cells.size() - 1);
        return !last.box().equals(date.box()) && LabelledValueLocator.CENTS.matcher(last.text()).find()
                && DateParser.atStart(last.text().strip(), 0, order).isEmpty();
    }

    private static int lineOf(List<TextLine> lines, TextSegment segment) {
        BoundingBox box = segment.box();
        for (int i = 0; i < lines.size(); i++) {
            BoundingBox line = lines.get(i).box();
            if (line.y0() <= box.y0() && box.y1() <= line.y1() && line.x0() <= box.x0() && box.x1() <= line.x1()) {
                return i;
            }
        }
        return -1;
    }
}
