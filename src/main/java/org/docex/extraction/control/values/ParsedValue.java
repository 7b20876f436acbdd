package org.docex.extraction.control.values;

/**
 * A normalised value and where its text sits in the input it was read from.
 *
 * @param start index of the first character of the value's text in the input
 * @param end index after its last character
 * @param certainty 1.0, or less when the reading was a guess (a date like 03/04/2026)
 */
public record ParsedValue(String value, ValueType type, int start, int end, double certainty) {

    public String rawIn(String input) {
        return input.substring(start, end);
    }
}
