package org.docex.review.control;

import java.util.regex.Pattern;
import org.docex.extraction.entity.FieldValues;

/**
 * Fields as CSV with the header {@code field,value}: RFC 4180 (CRLF line ends; a cell with a
 * comma, quote, CR or LF is quoted, inner quotes doubled), and safe to open in a spreadsheet: a
 * cell that starts like a formula (= + - @ tab CR, as OWASP lists them) gets a leading {@code '}
 * so that it is shown as text, never run. Plain numbers such as {@code -12.50} cannot be formulas
 * and are kept as they are.
 */
public final class CsvExport {

    public static final String MEDIA_TYPE = "text/csv; charset=UTF-8";
    private static final String LINE_END = "\r\n";
    private static final String FORMULA_STARTS = "=+-@\t\r";
    private static final Pattern PLAIN_NUMBER = Pattern.compile("[+-]?\\d+(\\.\\d+)?");

    private CsvExport() {
    }

    public static String of(FieldValues fields) {
        StringBuilder csv = new StringBuilder("field,value").append(LINE_END);
        fields.asMap().forEach((name, value) -> csv.append(cell(name)).append(',').append(cell(value)).append(LINE_END));
        return csv.toString();
    }

    static String cell(String text) {
        String safe = startsLikeFormula(text) ? "'" + text : text;
        boolean quoted = safe.indexOf(',') >= 0 || safe.indexOf('"') >= 0 || safe.indexOf('\r') >= 0 || safe.indexOf('\n') >= 0;
        return quoted ? '"' + safe.replace("\"", "\"\"") + '"' : safe;
    }

    private static boolean startsLikeFormula(String text) {
        return !text.isEmpty() && FORMULA_STARTS.indexOf(text.charAt(0)) >= 0 && !PLAIN_NUMBER.matcher(text).matches();
    }
}
