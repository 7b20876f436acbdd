package org.docex.extraction.control.keyvalue;

import java.text.Normalizer;
import java.util.Locale;
import java.util.regex.Pattern;

/** What makes text read as a label, and the snake_case field name a label becomes. */
public final class LabelText {

    static final int MAX_LABEL_WORDS = 5;
    static final int MAX_LABEL_LENGTH = 50;
    private static final int MAX_NAME_LENGTH = 100;
    // Compiled once: every segment of every line is tested as a label.
    private static final Pattern MARKS = Pattern.compile("\\p{M}");
    private static final Pattern NOT_ALPHANUMERIC = Pattern.compile("[^a-z0-9]+");
    private static final Pattern EDGE_UNDERSCORES = Pattern.compile("^_+|_+$");
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    private LabelText() {
    }

    /** "Invoice No." becomes "invoice_no", "Fällig am" becomes "faellig_am", "Invoice #" becomes "invoice_no". */
    public static String snakeCase(String label) {
        String spelled = label.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue")
                .replace("Ä", "Ae").replace("Ö", "Oe").replace("Ü", "Ue").replace("ß", "ss")
                .replace("#", " no ");
        String plain = MARKS.matcher(Normalizer.normalize(spelled, Normalizer.Form.NFD)).replaceAll("");
        String name = EDGE_UNDERSCORES.matcher(NOT_ALPHANUMERIC.matcher(plain.toLowerCase(Locale.ROOT)).replaceAll("_"))
                .replaceAll("");
        return name.length() > MAX_NAME_LENGTH ? name.substring(0, MAX_NAME_LENGTH) : name;
    }

    /** A short phrase of words that starts with a letter: not a sentence, not a number. */
    public static boolean isLabelLike(String text) {
        String label = withoutTrailingColon(text);
        if (label.isEmpty() || label.length() > MAX_LABEL_LENGTH || !Character.isLetter(label.charAt(0))) {
            return false;
        }
        if (WHITESPACE.split(label).length > MAX_LABEL_WORDS) {
            return false;
        }
        long letters = label.chars().filter(Character::isLetter).count();
        long visible = label.chars().filter(c -> !Character.isWhitespace(c)).count();
        return letters >= 2 && letters * 2 >= visible && !label.contains("@");
    }

    /** Text that looks like data rather than words: it holds a digit, an at sign or a currency sign. */
    public static boolean isValueLike(String text) {
        return text.chars().anyMatch(c -> Character.isDigit(c) || c == '@' || c == '€' || c == '$' || c == '£');
    }

    public static String withoutTrailingColon(String text) {
        String stripped = text.strip();
        int last = stripped.length() - 1;
        boolean colon = last >= 0 && (stripped.charAt(last) == ':' || stripped.charAt(last) == '：');
        return colon ? stripped.substring(0, last).strip() : stripped;
    }
}
