package org.docex.extraction.control.invoice;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.text.TextSegment;
import org.docex.extraction.control.values.DateOrder;
import org.docex.extraction.control.values.DateParser;
import org.docex.extraction.control.values.ParsedValue;
import org.docex.extraction.control.values.ValueType;

/**
 * The date of a letter, written after the town it was written in: "Potsdam, 24.05.2023", "Paris,
 * le 3 mars 2024", "Milano, 18/01/2017", "Madrid, 5 de marzo de 2024", "Berlin, den 1. Juni 2024".
 * European invoices set as letters date themselves so, without a label; it is their invoice date
 * when no label names one.
 */
final class PlaceAndDate {

    static final double CONFIDENCE = 0.6;
    private static final double TOP_SHARE = 0.5;
    private static final Pattern TOWN_AND_COMMA = Pattern.compile(
            "\\s*\\p{Lu}[\\p{L}'’.-]{1,30}(?:[ -][\\p{L}'’.-]{1,30}){0,2},\\s*(?:den|le|il|el|am)?\\s*");

    private PlaceAndDate() {
    }

    static Optional<ExtractedField> find(List<PageText> pages, DateOrder order, String name) {
        if (pages.isEmpty()) {
            return Optional.empty();
        }
        PageText page = pages.get(0);
        FirstPageLines top = FirstPageLines.of(page);
        for (TextLine line : page.lines()) {
            if (!top.isInTop(line, TOP_SHARE)) {
                break;
            }
            for (TextSegment segment : line.segments()) {
                Optional<ExtractedField> date = dateAfterTown(page, segment, order, name);
                if (date.isPresent()) {
                    return date;
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<ExtractedField> dateAfterTown(PageText page, TextSegment segment, DateOrder order, String name) {
        String text = segment.text();
        Matcher town = TOWN_AND_COMMA.matcher(text);
        if (!town.lookingAt()) {
            return Optional.empty();
        }
        Optional<ParsedValue> date = DateParser.atStart(text, town.end(), order)
                .filter(value -> text.substring(value.end()).isBlank());
        return date.map(value -> new ExtractedField(name, value.value(), value.rawIn(text), ValueType.DATE.apiName(),
                CONFIDENCE * value.certainty(), ExtractedField.TEMPLATE, page.pageNumber(), segment.boxOf(value.start(), value.end())));
    }
}
