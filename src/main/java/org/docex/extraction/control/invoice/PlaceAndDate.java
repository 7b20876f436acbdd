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
import org.docex.extraction.control.values.Vocabulary;

/**
 * The date of a letter, written after the town it was written in: "Potsdam, 24.05.2023", "Paris,
 * le 3 mars 2024", "Milano, 18/01/2017", "Madrid, 5 de marzo de 2024", "Berlin, den 1. Juni 2024".
 * European invoices set as letters date themselves so, without a label; it is their invoice date
 * when no label names one. Else a date alone on its line right under the document's title
 * ("FACTURE" over "20/09/2023" and "nº 2023-6013"), as templates print it without a label, or alone at
 * the other end of the title's line ("INVOICE NO. 98765432   1/1/2000"). Else the first date on the
 * page followed by a time of day ("22/03/2024 08:36:29", "3/17/2024 7:31 PM",
 * "07.09.18 16:52"): the moment a till or a terminal printed a receipt, which is its date.
 */
final class PlaceAndDate {

    static final double CONFIDENCE = 0.6;
    private static final double TOP_SHARE = 0.5;
    /** A town, or a sender and its town ("Scandic Klara, Stockholm, 06.05.19"), and a comma. */
    private static final Pattern TOWN_AND_COMMA = Pattern.compile(
            "\\s*(?:\\p{Lu}[\\p{L}'’.-]{1,30}(?:[ -][\\p{L}'’.-]{1,30}){0,2},\\s*)?"
                    + "\\p{Lu}[\\p{L}'’.-]{1,30}(?:[ -][\\p{L}'’.-]{1,30}){0,2},\\s*(?:den|le|il|el|am)?\\s*");

    /** The title at the start of a phrase, followed by more: "INVOICE NO. 98765432", "Rechnung Nr. 5". */
    private static final Pattern TITLE_FIRST = Pattern.compile("\\s*(?:" + Vocabulary.foldAccents(
            InvoiceLabels.WORDS.alternation("title")) + ")(?![\\p{L}])", Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    private static final int LINES_UNDER_TITLE = 3;
    /** A time of day after a date: "08:36", "16:52:35", "7:31 PM". */
    private static final Pattern TIME_OF_DAY = Pattern.compile("\\s*(?:[01]?\\d|2[0-3])[:.][0-5]\\d(?::[0-5]\\d)?(?:\\s*[AaPp]\\.?\\s?[Mm]\\.?)?(?![\\d:])");
    private static final double TIMESTAMP_CONFIDENCE = 0.55;
    private static final Pattern TIME_AFTER = Pattern.compile("\\.?" + TIME_OF_DAY.pattern() + "\\s*");

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
            List<TextSegment> segments = line.segments();
            for (int s = 0; s < segments.size(); s++) {
                TextSegment next = s + 1 < segments.size() ? segments.get(s + 1) : null;
                Optional<ExtractedField> date = dateAfterTown(page, segments.get(s), next, order, name);
                if (date.isPresent()) {
                    return date;
                }
            }
        }
        return dateUnderTitle(page, top, order, name).or(() -> dateBesideTitle(page, top, order, name))
                .or(() -> timestamp(page, order, name));
    }

    /**
     * A date alone at the other end of the title's line ("INVOICE NO. 98765432 ... 1/1/2000"), as
     * templates set the document's date beside its title and number without a label.
     */
    private static Optional<ExtractedField> dateBesideTitle(PageText page, FirstPageLines top, DateOrder order, String name) {
        for (TextLine line : page.lines()) {
            if (!top.isInTop(line, TOP_SHARE)) {
                break;
            }
            List<TextSegment> segments = line.segments();
            if (segments.size() < 2 || !TITLE_FIRST.matcher(VendorNameFinder.unspaced(segments.get(0).text())).lookingAt()) {
                continue;
            }
            for (TextSegment segment : segments.subList(1, segments.size())) {
                Optional<ExtractedField> date = DateParser.atStart(segment.text(), 0, order)
                        .filter(value -> segment.text().substring(value.end()).isBlank())
                        .map(value -> field(page, segment, value, name));
                if (date.isPresent()) {
                    return date;
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<ExtractedField> timestamp(PageText page, DateOrder order, String name) {
        for (TextLine line : page.lines()) {
            List<TextSegment> segments = line.segments();
            for (int s = 0; s < segments.size(); s++) {
                TextSegment segment = segments.get(s);
                String text = segment.text();
                for (int from = 0; from < text.length(); from++) {
                    if (!Character.isDigit(text.charAt(from)) || from > 0 && !Character.isWhitespace(text.charAt(from - 1))) {
                        continue;
                    }
                    Optional<ParsedValue> date = DateParser.atStart(text, from, order);
                    if (date.isEmpty()) {
                        continue;
                    }
                    String after = text.substring(date.get().end());
                    boolean timed = TIME_OF_DAY.matcher(after).lookingAt()
                            || after.isBlank() && s + 1 < segments.size() && TIME_OF_DAY.matcher(segments.get(s + 1).text()).lookingAt();
                    if (timed) {
                        ParsedValue value = date.get();
                        return Optional.of(new ExtractedField(name, value.value(), value.rawIn(text), ValueType.DATE.apiName(),
                                TIMESTAMP_CONFIDENCE * value.certainty(), ExtractedField.TEMPLATE, page.pageNumber(),
                                segment.boxOf(value.start(), value.end())));
                    }
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<ExtractedField> dateUnderTitle(PageText page, FirstPageLines top, DateOrder order, String name) {
        List<TextLine> lines = page.lines();
        for (FirstPageLines.Title title : top.titlesAlone(TOP_SHARE)) {
            Optional<ExtractedField> date = dateUnder(page, lines.subList(title.line() + 1, Math.min(lines.size(), title.line() + 1 + LINES_UNDER_TITLE)),
                    title.text(), order, name);
            if (date.isPresent()) {
                return date;
            }
        }
        return Optional.empty();
    }

    /** A date alone in a segment of {@code lines} that stands under {@code title}. */
    private static Optional<ExtractedField> dateUnder(PageText page, List<TextLine> lines, TextSegment title, DateOrder order,
                                                      String name) {
        return lines.stream().flatMap(line -> line.segments().stream())
                .filter(segment -> segment.overlapsHorizontally(title, 0))
                .flatMap(segment -> DateParser.atStart(segment.text(), 0, order)
                        .filter(value -> segment.text().substring(value.end()).isBlank())
                        .map(value -> field(page, segment, value, name)).stream())
                .findFirst();
    }

    /**
     * The date after "Town," in {@code segment}, or in the {@code next} segment of its line where the
     * town ends its own ("München, den" and, in a column of values, "01.11.2024").
     */
    private static Optional<ExtractedField> dateAfterTown(PageText page, TextSegment segment, TextSegment next, DateOrder order,
                                                          String name) {
        String text = segment.text();
        Matcher town = TOWN_AND_COMMA.matcher(text);
        if (!town.lookingAt()) {
            return Optional.empty();
        }
        if (town.end() == text.length() && next != null) {
            return DateParser.atStart(next.text(), 0, order).filter(value -> endsAfter(next.text(), value))
                    .map(value -> field(page, next, value, name));
        }
        Optional<ParsedValue> date = DateParser.atStart(text, town.end(), order)
                .filter(value -> endsAfter(text, value));
        return date.map(value -> field(page, segment, value, name));
    }

    /** Whether nothing but the time it was written follows the date ("Rovinj, 03.09.2021. 10:29:06"). */
    private static boolean endsAfter(String text, ParsedValue date) {
        String rest = text.substring(date.end());
        return rest.isBlank() || TIME_AFTER.matcher(rest).matches();
    }

    private static ExtractedField field(PageText page, TextSegment segment, ParsedValue value, String name) {
        return new ExtractedField(name, value.value(), value.rawIn(segment.text()), ValueType.DATE.apiName(),
                CONFIDENCE * value.certainty(), ExtractedField.TEMPLATE, page.pageNumber(), segment.boxOf(value.start(), value.end()));
    }
}
