package org.docex.extraction.control.review;

import java.util.regex.Pattern;
import org.docex.extraction.entity.FieldValues;

/**
 * Fields as CSV with the header {@code field,value}: RFC 4180 (CRLF line ends; every cell quoted,
 * inner quotes doubled), and safe to open in a spreadsheet: a cell that starts like a formula
 * (= + - @ tab CR NUL, as OWASP lists them, NUL added) gets a leading {@code '} so that it is
 * shown as text, never run; so does each part after a semicolon, where spreadsheets in locales that
 * separate with ";" (German, French) split an unquoted cell ({@code 1;=2+3}). Every cell is quoted
 * for the same reason. Plain numbers such as {@code -12.50} cannot be formulas and are kept as
 * they are.
 */
public final class CsvExport {

    public static final String MEDIA_TYPE = "text/csv; charset=UTF-8";
    private static final String LINE_END = "\r\n";
    private static final String FORMULA_STARTS = "=+-@\t\r\0";
    private static final Pattern PLAIN_NUMBER = Pattern.compile("[+-]?\\d+(\\.\\d+)?");

    private CsvExport() {
    }

    public static String of(FieldValues fields) {
        StringBuilder csv = new StringBuilder(cell("field")).append(',').append(cell("value")).append(LINE_END);
        fields.asMap().forEach((name, value) -> csv.append(cell(name)).append(',').append(cell(value)).append(LINE_END));
        return csv.toString();
    }

    static String cell(String text) {
        String[] parts = text.split(";", -1);
        StringBuilder safe = new StringBuilder(text.length() + 4);
        for (int i = 0; i < parts.length; i++) {
            safe.append(i == 0 ? "" : ";").append(startsLikeFormula(parts[i]) ? "'" : "").append(parts[i]);
        }
        return '"' + safe.toString().replace("\"", "\"\"") + '"';
    }

    private static boolean startsLikeFormula(String text) {
        return !text.isEmpty() && FORMULA_STARTS.indexOf(text.charAt(0)) >= 0 && !PLAIN_NUMBER.matcher(text).matches();
    }
}
