package org.docex.extraction.control.invoice;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.docex.extraction.control.values.ParsedValue;
import org.docex.extraction.control.values.ValueType;

/**
 * An invoice number: one token of letters, digits and -/._ that holds at least one digit, after a
 * "#", "No.", "n°" or "č." where the label left it ("INVOICE: NO. 001"), and the letters of its series
 * before it where they stand apart ("FV 12/2024"); parts apart from it by a spaced hyphen are joined
 * to it ("HA007 - 123123" is HA007-123123).
 */
final class InvoiceNumberParser {

    private static final Pattern NUMBER = Pattern.compile(
            "\\s*(?:#\\s*|(?i:no|nr|num|n[°º]|č)\\.?\\s+(?=[A-Za-z0-9/._-]*\\d)|(?i:n[°º])\\s*)?(?<id>"
                    // A series before the number, apart from it: "FV 12/2024" (Poland), "FT 2024/77" (Portugal).
                    + "(?:[A-Z]{1,4} (?=[A-Za-z0-9]*\\d[A-Za-z0-9]*[-/][A-Za-z0-9]))?"
                    + "[A-Za-z0-9](?:[A-Za-z0-9]|[-/._](?=[A-Za-z0-9])){0,39})(?![A-Za-z0-9])"
                    // Parts apart from it by a hyphen with spaces ("HA007 - 123123 - 37816396", "083 -72561"), as
                    // hotel systems print them and OCR reads them: each with a digit, the last ending its phrase, so
                    // that no date, amount, time or page count after a dash ("4711 - 3 May", "4711 - 1 von 2") joins.
                    + "(?<parts>(?:(?:\\s-\\s?|-\\s)[A-Za-z0-9]*\\d[A-Za-z0-9]*(?=\\s*$|\\s-\\s?[A-Za-z0-9]|-\\s)){0,4})");
    private static final Pattern SPACES = Pattern.compile("\\s+");

    private InvoiceNumberParser() {
    }

    static Optional<ParsedValue> atStart(String text) {
        Matcher matcher = NUMBER.matcher(text);
        if (!matcher.lookingAt() || matcher.group("id").chars().noneMatch(Character::isDigit)) {
            return Optional.empty();
        }
        String id = matcher.group("id") + SPACES.matcher(matcher.group("parts")).replaceAll("");
        int end = matcher.group("parts").isEmpty() ? matcher.end("id") : matcher.end("parts");
        return Optional.of(new ParsedValue(id, ValueType.STRING, matcher.start("id"), end, 1.0));
    }
}
