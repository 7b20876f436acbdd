package org.docex.extraction.control.values;

import java.math.BigInteger;
import java.util.Optional;

/**
 * The check digits of VAT identification numbers, for the countries whose numbers carry them and
 * whose rule is public (the European Commission's VIES specifications and the national tax
 * authorities'). No maintained Java library checks them: Apache Commons Validator's check-digit
 * routines cover IBANs, ISBNs and card numbers, not VAT ids.
 */
public final class VatIds {

    private VatIds() {
    }

    /**
     * Whether the check digits of {@code id} (compact, with its two-letter prefix) hold; empty where
     * the country's rule is not known here (or the number has no prefix) and nothing can be said.
     */
    public static Optional<Boolean> checkDigitsHold(String id) {
        if (id != null && GSTIN.matcher(id).matches()) {
            return Optional.of(india(id));
        }
        if (id == null || id.length() < 4 || !Character.isLetter(id.charAt(0)) || !Character.isLetter(id.charAt(1))) {
            return Optional.empty();
        }
        String number = id.substring(2);
        return switch (id.substring(0, 2)) {
            case "DE" -> digits(number, 9) ? Optional.of(germany(number)) : Optional.of(false);
            case "AT" -> number.length() == 9 && number.charAt(0) == 'U' && digits(number.substring(1), 8)
                    ? Optional.of(austria(number.substring(1))) : Optional.of(false);
            case "BE" -> digits(number, 10) ? Optional.of(mod97Tail(number, 8)) : Optional.of(false);
            case "FR" -> number.length() == 11 && digits(number.substring(2), 9) && digits(number.substring(0, 2), 2)
                    ? Optional.of(france(number)) : Optional.empty();
            case "IT" -> digits(number, 11) ? Optional.of(luhn(number)) : Optional.of(false);
            case "NL" -> number.length() == 12 && number.charAt(9) == 'B' && digits(number.substring(0, 9), 9)
                    ? Optional.of(netherlands(id, number)) : Optional.of(false);
            case "DK" -> digits(number, 8) ? Optional.of(weighted(number, new int[] {2, 7, 6, 5, 4, 3, 2, 1}) % 11 == 0)
                    : Optional.of(false);
            case "FI" -> digits(number, 8) ? Optional.of(finland(number)) : Optional.of(false);
            case "PL" -> digits(number, 10) ? Optional.of(poland(number)) : Optional.of(false);
            case "LU" -> digits(number, 8) ? Optional.of(Integer.parseInt(number.substring(0, 6)) % 89
                    == Integer.parseInt(number.substring(6))) : Optional.of(false);
            case "PT" -> digits(number, 9) ? Optional.of(portugal(number)) : Optional.of(false);
            case "CH" -> number.length() == 10 && number.charAt(0) == 'E' && digits(number.substring(1), 9)
                    ? Optional.of(switzerland(number.substring(1))) : Optional.of(false);
            case "GB" -> digits(number, 9) ? Optional.of(britain(number)) : digits(number, 12) ? Optional.of(britain(number.substring(0, 9)))
                    : Optional.empty();
            default -> Optional.empty();
        };
    }

    /**
     * {@code id} with the letters OCR reads for digits ("DEB12277765": B for 8; O for 0, I for 1, ...)
     * read as those digits, where its country's number holds only digits and the check digits then
     * hold; otherwise {@code id} as it is. The check digits are what make the repair safe: a wrong
     * guess fails them.
     */
    public static String withDigitLookAlikes(String id) {
        if (id == null || id.length() < 4 || checkDigitsHold(id).orElse(false)) {
            return id;
        }
        String country = id.substring(0, 2);
        StringBuilder number = new StringBuilder(id.substring(2));
        boolean changed = false;
        for (int i = 0; i < number.length(); i++) {
            int at = LOOK_ALIKES.indexOf(number.charAt(i));
            // The Netherlands' ids have a "B" before their branch number.
            if (at >= 0 && !(country.equals("NL") && i == 9)) {
                number.setCharAt(i, DIGITS_THEY_STAND_FOR.charAt(at));
                changed = true;
            }
        }
        String read = country + number;
        return changed && checkDigitsHold(read).orElse(false) ? read : id;
    }

    // Switzerland's UID (CHE-123.456.789): weights 5 4 3 2 7 6 5 4, 11 minus the sum modulo 11; a remainder of 1 gives no valid id.
    private static boolean switzerland(String number) {
        int check = 11 - weighted(number.substring(0, 8), new int[] {5, 4, 3, 2, 7, 6, 5, 4}) % 11;
        return check != 10 && (check == 11 ? 0 : check) == number.charAt(8) - '0';
    }

    private static final String LOOK_ALIKES = "ODQILZSGBT";
    private static final String DIGITS_THEY_STAND_FOR = "0001125687";

    // India's GSTIN: state code, the holder's PAN, entity number, "Z", check character.
    private static final java.util.regex.Pattern GSTIN = java.util.regex.Pattern.compile("\\d{2}[A-Z]{5}\\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]");
    private static final String BASE_36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

    // GSTN's check character: base-36 values weighted 1, 2, 1, ..., each product's base-36 digits summed.
    private static boolean india(String gstin) {
        int sum = 0;
        for (int i = 0; i < 14; i++) {
            int product = BASE_36.indexOf(gstin.charAt(i)) * (i % 2 == 0 ? 1 : 2);
            sum += product / 36 + product % 36;
        }
        return BASE_36.charAt((36 - sum % 36) % 36) == gstin.charAt(14);
    }

    private static boolean digits(String text, int length) {
        return text.length() == length && text.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    private static int digit(String text, int index) {
        return text.charAt(index) - '0';
    }

    // ISO 7064 MOD 11,10 over the first eight digits.
    private static boolean germany(String number) {
        int product = 10;
        for (int i = 0; i < 8; i++) {
            int sum = (digit(number, i) + product) % 10;
            product = (2 * (sum == 0 ? 10 : sum)) % 11;
        }
        int check = 11 - product;
        return (check == 10 ? 0 : check) == digit(number, 8);
    }

    private static boolean austria(String number) {
        int sum = 0;
        for (int i = 0; i < 7; i++) {
            int d = digit(number, i);
            sum += i % 2 == 0 ? d : d * 2 / 10 + d * 2 % 10;
        }
        return (10 - (sum + 4) % 10) % 10 == digit(number, 7);
    }

    // The last two digits are 97 minus the rest modulo 97.
    private static boolean mod97Tail(String number, int head) {
        long rest = Long.parseLong(number.substring(0, head));
        return 97 - rest % 97 == Integer.parseInt(number.substring(head));
    }

    // The two-digit key before the SIREN: (12 + 3 x (SIREN mod 97)) mod 97.
    private static boolean france(String number) {
        long siren = Long.parseLong(number.substring(2));
        return (12 + 3 * (siren % 97)) % 97 == Integer.parseInt(number.substring(0, 2));
    }

    private static boolean luhn(String number) {
        int sum = 0;
        for (int i = 0; i < number.length(); i++) {
            int d = digit(number, number.length() - 1 - i);
            sum += i % 2 == 0 ? d : d * 2 > 9 ? d * 2 - 9 : d * 2;
        }
        return sum % 10 == 0;
    }

    // Before 2020: an 11-test on the nine digits; since, for sole traders: ISO 7064 MOD 97-10 over the whole id.
    private static boolean netherlands(String id, String number) {
        int sum = weighted(number.substring(0, 8), new int[] {9, 8, 7, 6, 5, 4, 3, 2});
        if (sum % 11 == digit(number, 8)) {
            return true;
        }
        StringBuilder numeric = new StringBuilder();
        for (char c : id.toCharArray()) {
            numeric.append(Character.isLetter(c) ? String.valueOf(c - 'A' + 10) : String.valueOf(c));
        }
        return new BigInteger(numeric.toString()).mod(BigInteger.valueOf(97)).intValue() == 1;
    }

    private static boolean finland(String number) {
        int rest = weighted(number.substring(0, 7), new int[] {7, 9, 10, 5, 8, 4, 2}) % 11;
        return rest != 1 && (rest == 0 ? 0 : 11 - rest) == digit(number, 7);
    }

    private static boolean poland(String number) {
        int check = weighted(number.substring(0, 9), new int[] {6, 5, 7, 2, 3, 4, 5, 6, 7}) % 11;
        return check != 10 && check == digit(number, 9);
    }

    private static boolean portugal(String number) {
        int rest = weighted(number.substring(0, 8), new int[] {9, 8, 7, 6, 5, 4, 3, 2}) % 11;
        int check = rest < 2 ? 0 : 11 - rest;
        return check == digit(number, 8);
    }

    // Weights 8 to 2 over seven digits plus the last two: a multiple of 97, or of 97 after adding 55 (numbers issued since 2010).
    private static boolean britain(String number) {
        int sum = weighted(number.substring(0, 7), new int[] {8, 7, 6, 5, 4, 3, 2}) + Integer.parseInt(number.substring(7, 9));
        return sum % 97 == 0 || (sum + 55) % 97 == 0;
    }

    private static int weighted(String digits, int[] weights) {
        int sum = 0;
        for (int i = 0; i < weights.length; i++) {
            sum += digit(digits, i) * weights[i];
        }
        return sum;
    }
}
