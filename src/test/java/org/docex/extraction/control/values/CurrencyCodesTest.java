package org.docex.extraction.control.values;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.docex.testing.RandomText;
import org.junit.jupiter.api.Test;

class CurrencyCodesTest {

    /**
     * The regular expression the scanner replaces; it defines which marks count. Its word boundaries
     * are Java 17's {@code \b} spelt out (a letter or digit of any script, an underscore, or a
     * combining mark on a letter or digit is a word character, where Java 17 looks for that letter one
     * char at a time, so a letter outside the BMP carries no marks): from Java 19 on, {@code \b} knows
     * only ASCII word characters, and the scanner keeps the rule a code glued to "é" is no code.
     */
    private static final String WORD_BEFORE = "[\\p{L}\\p{Nd}_]|[\\p{L}\\p{Nd}&&\\x{0}-\\x{FFFF}]\\p{Mn}{1,24}";
    private static final Pattern NEXT_TO_A_DIGIT = Pattern.compile(
            "(?<=\\d ?)[€$£₹¥]|[€$£₹¥](?= ?-?\\d)|(?<=[(\\[])[€$£₹¥](?=[)\\]])");
    private static final Pattern MARK = Pattern.compile("(?<!\\p{javaLowerCase})(?:€|\\$|£|₹|¥)"
            + "|(?<!" + WORD_BEFORE + ")(?:CA|AU|NZ|HK|MX|US|SG|R|C|A|S)\\$"
            + "|(?<!" + WORD_BEFORE + ")S/(?=[ .\\d])"
            // A code may follow a digit directly ("17 115,45PLN"), not a letter.
            + "|(?<![\\p{L}_]|[\\p{L}\\p{Nd}&&\\x{0}-\\x{FFFF}]\\p{Mn}{1,24})"
            + "(?:EUR|USD|GBP|CHF|SFr|Euro|EURO|INR|Rs|PLN|zł|SEK|NOK|DKK|CZK|HUF|RON|JPY|CNY|AUD|CAD|NZD|ZAR|SGD|HKD|BRL|MXN|PEN|SOLES|Soles)"
            + "(?![\\p{L}\\p{Nd}_\\p{Mn}])");

    @Test
    void signsAndWordsBetweenBoundariesAreCurrencies() {
        assertEquals(Optional.of("EUR"), CurrencyCodes.in("Total: 1.250,00 €"));
        assertEquals(Optional.of("USD"), CurrencyCodes.in("Amount due $ 90"));
        assertEquals(Optional.of("CHF"), CurrencyCodes.in("Preis SFr 12"));
        assertEquals(Optional.of("EUR"), CurrencyCodes.in("(EURO)"));
        assertEquals(Optional.empty(), CurrencyCodes.in("EUROPE, EURUSD, the_USD, USD2, CHFs"));
        assertEquals(Optional.of("GBP"), CurrencyCodes.mostFrequentIn("USD 1, £ 2, GBP 3"));
        assertEquals(Optional.of("USD"), CurrencyCodes.mostFrequentIn("USD 1, GBP 2"), "the earliest on a tie");
        assertTrue(CurrencyCodes.names("paid in Euro, not USD", "USD"));
        assertFalse(CurrencyCodes.names("paid in Euro", "USD"));
    }

    @Test
    void solesBySignAndWord() {
        assertEquals(Optional.of("PEN"), CurrencyCodes.in("Valor Total S/ 100.00"));
        assertEquals(Optional.of("PEN"), CurrencyCodes.in("Total S/.236.00"));
        assertEquals(Optional.of("PEN"), CurrencyCodes.in("Tipo Moneda: SOLES"));
        assertEquals(Optional.empty(), CurrencyCodes.in("Av. Italia S/N, Lima; CONSOLES"));
        assertEquals(Optional.of("PEN"), CurrencyCodes.unambiguousIn("S/ 12.00"));
    }

    @Test
    void rupeesZlotysAndOtherCurrenciesOfRealInvoices() {
        assertEquals(Optional.of("INR"), CurrencyCodes.in("Total ₹ 1,18,000.00"));
        assertEquals(Optional.of("INR"), CurrencyCodes.in("Amount Rs. 4,500"));
        assertEquals(Optional.of("INR"), CurrencyCodes.in("Grand total (INR) 90"));
        assertEquals(Optional.of("PLN"), CurrencyCodes.in("Razem 1 234,56 zł"));
        assertEquals(Optional.of("SEK"), CurrencyCodes.in("Att betala SEK 500"));
        assertEquals(Optional.empty(), CurrencyCodes.in("Mrs. Smith, Rsvp, PLNX"));
    }

    @Test
    void codesWrittenOntoTheAmountAndTheRealsSign() {
        assertEquals(Optional.of("PLN"), CurrencyCodes.in("Kwota należności ogółem: 17 115,45PLN"));
        assertEquals(Optional.of("BRL"), CurrencyCodes.in("Valor total R$ 10.000,00"));
        assertEquals(Optional.of("MXN"), CurrencyCodes.in("Total MX$25,650.00"));
        assertEquals(Optional.of("CAD"), CurrencyCodes.in("Total C$ 120.00"));
        assertEquals(Optional.of("AUD"), CurrencyCodes.in("Amount A$99.00"));
        assertEquals(Optional.of("USD"), CurrencyCodes.in("Total US$ 10"));
        assertEquals(Optional.of("USD"), CurrencyCodes.in("FOR$ 10"));
        assertEquals(Optional.empty(), CurrencyCodes.in("ABCEUR 10"));
    }

    @Test
    void aSignRightAfterASmallLetterIsALetterMisreadNotACurrency() {
        // "Wartość netto" as OCR read it: the "ś" became "$".
        assertEquals(Optional.empty(), CurrencyCodes.mostFrequentIn("Lp. Nazwa Warto$& netto Stawka"));
        assertEquals(Optional.of("USD"), CurrencyCodes.in("Total US$ 1,200.00"));
        assertEquals(Optional.of("USD"), CurrencyCodes.in("Total:$1,200.00"));
        assertEquals(Optional.of("EUR"), CurrencyCodes.in("Betrag 30,5€"));
    }

    @Test
    void aSignOnlyCountsBesideANumber() {
        // A card line of a till receipt as OCR read it ("&¥xn24x"), then the amount paid.
        assertEquals(Optional.of("EUR"), CurrencyCodes.mostFrequentIn("TAR: &¥xn24x%%%%%296\nIMPORTE:9,00 €"));
        assertEquals(Optional.of("JPY"), CurrencyCodes.mostFrequentIn("Total ¥ 1,200"));
        assertEquals(Optional.empty(), CurrencyCodes.mostFrequentIn("A Factura de Credito € ctrönica"), "a letter OCR misread");
        assertEquals(Optional.of("EUR"), CurrencyCodes.mostFrequentIn("Gutschrift € -12,00"));
        assertEquals(Optional.of("EUR"), CurrencyCodes.mostFrequentIn("Pos. Betrag (€)"));
    }

    @Test
    void onlyTheDollarAndYenSignsAreAmbiguous() {
        assertEquals(Optional.empty(), CurrencyCodes.unambiguousIn("TOTAL: $2,382,870.00"));
        assertEquals(Optional.empty(), CurrencyCodes.unambiguousIn("¥ 12,000"));
        assertEquals(Optional.of("USD"), CurrencyCodes.unambiguousIn("Total USD 90.00"));
        assertEquals(Optional.of("EUR"), CurrencyCodes.unambiguousIn("Gesamt 90,00 €"));
        assertEquals(Optional.of("BRL"), CurrencyCodes.unambiguousIn("Total R$ 90,00"));
    }

    @Test
    void aCurrencyLabelsValueIsAnyIsoCode() {
        assertEquals("MXN", CurrencyCodes.atStart("MONEDA: MXN", 8).orElseThrow().value());
        assertEquals("BRL", CurrencyCodes.atStart("BRL", 0).orElseThrow().value());
        assertEquals("EUR", CurrencyCodes.atStart("Euro", 0).orElseThrow().value());
        assertEquals("EUR", CurrencyCodes.atStart("€", 0).orElseThrow().value());
        assertEquals(Optional.empty(), CurrencyCodes.atStart("ABC", 0), "no ISO 4217 code");
        assertEquals(Optional.empty(), CurrencyCodes.atStart("mxn", 0), "codes are written in capitals");
        assertEquals(Optional.empty(), CurrencyCodes.atStart("MXNX", 0));
    }

    @Test
    void findsWhatTheRegularExpressionFindsInRandomText() {
        RandomText random = new RandomText(7, "EUR", "EURO", "Euro", "USD", "GBP", "CHF", "SFr", "S", "E", "U", "€",
                "$", "£", " ", ",", "_", "7", "x", "é", "\u0301", "\u00a0", "Ω", "\uD835\uDC00", "O", "-", "₹", "Rs", "INR",
                "zł", "z", "PLN", "SEK", "¥", "R", ".", "R$", "BRL", "MXN", "B", "M", "MX", "C", "A", "CA", "NZ", "S/", "/", "SOLES", "Soles", "PEN", "N");
        for (int i = 0; i < 20_000; i++) {
            String sample = random.next(12);
            assertEquals(regexCounts(sample).keySet().stream().findFirst(), CurrencyCodes.in(sample), sample);
            assertEquals(regexMostFrequent(sample), CurrencyCodes.mostFrequentIn(sample), sample);
            for (String code : List.of("EUR", "USD", "GBP", "CHF", "INR", "PLN", "SEK", "JPY")) {
                assertEquals(regexCounts(sample).containsKey(code), CurrencyCodes.names(sample, code), code + " in " + sample);
            }
        }
    }

    private static Map<String, Integer> regexCounts(String text) {
        return regexCounts(text, false);
    }

    /** The marks the expression finds, by code; {@code besideNumbers}: a sign only where a digit stands next to it (a space or a minus between or not) or it stands in brackets. */
    private static Map<String, Integer> regexCounts(String text, boolean besideNumbers) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        Matcher matcher = MARK.matcher(text);
        while (matcher.find()) {
            if (besideNumbers && "€$£₹¥".contains(matcher.group()) && matcher.group().length() == 1
                    && !NEXT_TO_A_DIGIT.matcher(text).region(matcher.start(), matcher.end()).useTransparentBounds(true).lookingAt()) {
                continue;
            }
            String code = switch (matcher.group()) {
                case "€", "Euro", "EURO" -> "EUR";
                case "$" -> "USD";
                case "R$" -> "BRL";
                case "MX$" -> "MXN";
                case "CA$", "C$" -> "CAD";
                case "AU$", "A$" -> "AUD";
                case "NZ$" -> "NZD";
                case "HK$" -> "HKD";
                case "SG$", "S$" -> "SGD";
                case "US$" -> "USD";
                case "£" -> "GBP";
                case "SFr" -> "CHF";
                case "₹", "Rs" -> "INR";
                case "zł" -> "PLN";
                case "S/", "SOLES", "Soles" -> "PEN";
                case "¥" -> "JPY";
                default -> matcher.group();
            };
            counts.merge(code, 1, Integer::sum);
        }
        return counts;
    }

    private static Optional<String> regexMostFrequent(String text) {
        return regexCounts(text, true).entrySet().stream()
                .reduce((best, next) -> next.getValue() > best.getValue() ? next : best)
                .map(Map.Entry::getKey);
    }
}
