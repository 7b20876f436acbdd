package org.docex.extraction.control.values;

import java.math.BigInteger;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds IBANs, written compact or in groups of four, and accepts only those whose ISO 13616
 * mod-97 checksum holds. The value is the compact upper-case form.
 */
public final class IbanParser {

    private static final int MIN_LENGTH = 15;
    private static final int MAX_LENGTH = 34;
    private static final Pattern START = Pattern.compile("(?<![A-Za-z0-9])[A-Z]{2}\\d{2}");
    private static final Pattern SHAPE = Pattern.compile("[A-Z]{2}\\d{2}[A-Z0-9]{11,30}");
    private static final Map<String, Integer> LENGTHS = Map.ofEntries(
            Map.entry("AT", 20), Map.entry("BE", 16), Map.entry("CH", 21), Map.entry("CZ", 24),
            Map.entry("DE", 22), Map.entry("DK", 18), Map.entry("ES", 24), Map.entry("FI", 18),
            Map.entry("FR", 27), Map.entry("GB", 22), Map.entry("IE", 22), Map.entry("IT", 27),
            Map.entry("LI", 21), Map.entry("LU", 20), Map.entry("NL", 18), Map.entry("NO", 15),
            Map.entry("PL", 28), Map.entry("PT", 25), Map.entry("SE", 24));

    private IbanParser() {
    }

    public static Optional<ParsedValue> atStart(String text, int from) {
        int[] ends = new int[MAX_LENGTH + 1];
        String compact = compactAt(text, from, ends);
        Integer expected = compact.length() >= 2 ? LENGTHS.get(compact.substring(0, 2)) : null;
        for (int length = compact.length(); length >= MIN_LENGTH; length--) {
            String candidate = compact.substring(0, length);
            if ((expected == null || expected == length) && isValid(candidate)) {
                return Optional.of(new ParsedValue(candidate, ValueType.IBAN, from, ends[length], 1.0));
            }
        }
        return Optional.empty();
    }

    /**
     * An IBAN as written after its label, whether or not its checksum holds: two letters, two check
     * digits and 11 to 30 letters or digits, compact or in groups. A printed IBAN that fails its
     * checksum is a typing error or a changed account: the reviewer must see it rather than nothing.
     */
    public static Optional<ParsedValue> shapedAtStart(String text, int from) {
        int[] ends = new int[MAX_LENGTH + 1];
        String compact = compactAt(text, from, ends);
        boolean shaped = compact.length() >= MIN_LENGTH && SHAPE.matcher(compact).matches();
        return shaped ? Optional.of(new ParsedValue(compact, ValueType.IBAN, from, ends[compact.length()], 1.0)) : Optional.empty();
    }

    /**
     * The IBAN characters from {@code from} on, upper-cased, single spaces between groups skipped, at
     * most {@link #MAX_LENGTH}; {@code ends[n]} is where the first n of them end in {@code text}.
     */
    private static String compactAt(String text, int from, int[] ends) {
        StringBuilder compact = new StringBuilder();
        for (int i = from; i < text.length() && compact.length() < MAX_LENGTH; i++) {
            char c = text.charAt(i);
            if (isIbanChar(c)) {
                compact.append(Character.toUpperCase(c));
                ends[compact.length()] = i + 1;
            } else if (!(c == ' ' && compact.length() > 0 && i + 1 < text.length() && isIbanChar(text.charAt(i + 1)))) {
                break;
            }
        }
        return compact.toString();
    }

    /** The first valid IBAN anywhere in {@code text}. */
    public static Optional<ParsedValue> find(String text) {
        Matcher start = START.matcher(text);
        while (start.find()) {
            Optional<ParsedValue> iban = atStart(text, start.start());
            if (iban.isPresent()) {
                return iban;
            }
        }
        return Optional.empty();
    }

    public static boolean isValid(String compact) {
        if (compact.length() < MIN_LENGTH || compact.length() > MAX_LENGTH
                || !compact.matches("[A-Z]{2}\\d{2}[A-Z0-9]+")) {
            return false;
        }
        String rearranged = compact.substring(4) + compact.substring(0, 4);
        StringBuilder digits = new StringBuilder();
        for (char c : rearranged.toCharArray()) {
            digits.append(Character.isDigit(c) ? String.valueOf(c) : String.valueOf(c - 'A' + 10));
        }
        return new BigInteger(digits.toString()).mod(BigInteger.valueOf(97)).intValue() == 1;
    }

    private static boolean isIbanChar(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }
}
