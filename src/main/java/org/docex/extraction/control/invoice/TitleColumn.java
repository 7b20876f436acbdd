package org.docex.extraction.control.invoice;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.table.ColumnKind;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.text.TextSegment;
import org.docex.extraction.control.values.DateOrder;
import org.docex.extraction.control.values.DateParser;
import org.docex.extraction.control.values.ParsedValue;
import org.docex.extraction.control.values.ValueType;

/**
 * The column under the document's title, where a box of the title, the vendor's tax number and the
 * invoice's number stands without labels ("FACTURA ELECTRÓNICA / R.U.C.: 20123456789 / F001-123",
 * as Peru's and Chile's tax authorities have invoices printed; "INVOICE / #INV-0042"), or beside the title on its line.
 */
final class TitleColumn {

    static final double CONFIDENCE = 0.6;
    private static final double TOP_SHARE = 0.4;
    /** How many segments of the title's column, under it, are looked at. */
    private static final int SEGMENTS_UNDER_TITLE = 4;
    /** The largest gap between two segments of the column, in font sizes. */
    private static final double MAX_GAP_IN_FONT_SIZES = 3.0;
    private static final double COLUMN_TOLERANCE = 4.0;
    /** An invoice number's shape on its own: a series and number ("F001-123", "INV/2024/7"), or any number after "#" or "No.". */
    private static final Pattern SERIES_AND_NUMBER = Pattern.compile("(?=.*\\d)(?=.*[A-Za-z/-])[A-Za-z0-9][A-Za-z0-9/._-]*");
    private static final Pattern NUMBER_SIGN = Pattern.compile("\\s*(?:#|(?i:no|nr|n[°º])\\.?)\\s*[A-Za-z0-9/._-]*\\d[A-Za-z0-9/._-]*");

    private TitleColumn() {
    }

    /** The invoice number alone in a segment of the first page's title column, under the title. */
    static Optional<ExtractedField> invoiceNumber(List<PageText> pages) {
        if (pages.isEmpty()) {
            return Optional.empty();
        }
        PageText page = pages.get(0);
        List<TextLine> lines = page.lines();
        for (FirstPageLines.Title title : FirstPageLines.of(page).titlesAlone(TOP_SHARE)) {
            // The number beside the title on its line ("Rechnung      2023-000744"), else under it.
            List<TextSegment> segments = lines.get(title.line()).segments();
            Optional<ExtractedField> number = title.segment() + 1 < segments.size()
                    ? field(page, segments.get(title.segment() + 1)) : Optional.empty();
            if (number.isEmpty()) {
                number = numberUnder(page, lines, title.line(), title.text());
            }
            if (number.isPresent()) {
                return number;
            }
        }
        return Optional.empty();
    }

    private static Optional<ExtractedField> numberUnder(PageText page, List<TextLine> lines, int titleLine, TextSegment title) {
        TextSegment last = title;
        int seen = 0;
        for (int l = titleLine + 1; l < lines.size() && seen < SEGMENTS_UNDER_TITLE; l++) {
            Optional<TextSegment> under = lines.get(l).segments().stream()
                    .filter(segment -> segment.overlapsHorizontally(title, COLUMN_TOLERANCE)).findFirst();
            if (under.isEmpty()) {
                continue;
            }
            TextSegment segment = under.get();
            if (segment.box().y0() - last.box().y1() > MAX_GAP_IN_FONT_SIZES * Math.max(1, last.fontSize())) {
                return Optional.empty();
            }
            if (ColumnKind.named(segment.text()).isPresent()) {
                // The item table's head: what stands under it are items.
                return Optional.empty();
            }
            seen++;
            last = segment;
            Optional<ExtractedField> number = field(page, segment);
            if (number.isPresent()) {
                return number;
            }
        }
        return Optional.empty();
    }

    private static Optional<ExtractedField> field(PageText page, TextSegment segment) {
        return numberAlone(segment.text()).map(value -> new ExtractedField("invoice_number", value.value(), segment.text().strip(),
                ValueType.STRING.apiName(), CONFIDENCE, ExtractedField.TEMPLATE, page.pageNumber(),
                segment.boxOf(value.start(), value.end())));
    }

    /** The segment's text as an invoice number alone: no date, no label, no amount. */
    static Optional<ParsedValue> numberAlone(String text) {
        String stripped = text.strip();
        for (DateOrder order : DateOrder.values()) {
            if (DateParser.atStart(stripped, 0, order).isPresent()) {
                return Optional.empty();
            }
        }
        if (!SERIES_AND_NUMBER.matcher(stripped).matches() && !NUMBER_SIGN.matcher(stripped).matches()) {
            return Optional.empty();
        }
        int offset = text.indexOf(stripped);
        return InvoiceNumberParser.atStart(stripped)
                .filter(value -> value.end() == stripped.length())
                .map(value -> new ParsedValue(value.value(), ValueType.STRING, offset + value.start(), offset + value.end(), 1.0));
    }
}
