package org.docex.extraction.control.values;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which dollar a "$" means, from the addresses a document prints: a US state and ZIP code ("Redmond
 * WA 98052"), a Canadian province and postal code ("Toronto ON M5V 2T6"), an Australian state and
 * postcode ("Sydney NSW 2000"), or the country's name. "$" alone is written by a dozen currencies;
 * without such an address it names none of them.
 */
public final class DollarCountries {

    private static final Pattern UNITED_STATES = Pattern.compile("\\b(?:(?:AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME"
            + "|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY),?[\\s_]+\\d{5}(?:-\\d{4})?"
            // A town, a comma and a state's two letters before a ZIP code: the shape of a US address ("Company Town, ST 12345").
            // OCR reads a wide space as "_" ("Las Vegas, NV_89109").
            + "|(?<=,\\s?)[A-Z]{2}[\\s_]+\\d{5}(?:-\\d{4})?"
            + "|USA|U\\.S\\.A\\.?|United States(?: of America)?)(?![\\p{L}\\d])");
    private static final Pattern CANADA = Pattern.compile("\\b(?:(?:AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT),?\\s+[A-Z]\\d[A-Z]\\s?\\d[A-Z]\\d"
            + "|Canada)(?![\\p{L}\\d])");
    private static final Pattern AUSTRALIA = Pattern.compile("\\b(?:(?:NSW|VIC|QLD|SA|WA|TAS|ACT|NT),?\\s+\\d{4}|Australia)(?![\\p{L}\\d])");
    private static final Pattern NEW_ZEALAND = Pattern.compile("\\bNew Zealand\\b");
    private static final List<Pattern> COUNTRIES = List.of(UNITED_STATES, CANADA, AUSTRALIA, NEW_ZEALAND);
    private static final List<String> CURRENCIES = List.of("USD", "CAD", "AUD", "NZD");

    private DollarCountries() {
    }

    /** The dollar of the country whose address comes first in {@code texts} (a document's pages, in order). */
    public static Optional<String> dollarOf(List<String> texts) {
        for (String text : texts) {
            int first = Integer.MAX_VALUE;
            String currency = null;
            for (int c = 0; c < COUNTRIES.size(); c++) {
                Matcher matcher = COUNTRIES.get(c).matcher(text);
                if (matcher.find() && matcher.start() < first) {
                    first = matcher.start();
                    currency = CURRENCIES.get(c);
                }
            }
            if (currency != null) {
                return Optional.of(currency);
            }
        }
        return Optional.empty();
    }
}
