package org.docex.vendors.control;

import java.util.ArrayList;
import java.util.List;

/**
 * A text as words compare: lower case, letters and digits only, one space between words, and for
 * each of its characters the index of the character it came from, so that a phrase found in it is
 * found in the original too. "Rechnungs-Nr.:" and "rechnungs nr" are the same words.
 */
final class NormalText {

    private final String text;
    private final int[] origin;

    private NormalText(String text, int[] origin) {
        this.text = text;
        this.origin = origin;
    }

    static NormalText of(String original) {
        StringBuilder text = new StringBuilder(original.length());
        int[] origin = new int[original.length()];
        boolean space = true;
        for (int i = 0; i < original.length(); i++) {
            char c = original.charAt(i);
            if (Character.isLetterOrDigit(c)) {
                origin[text.length()] = i;
                text.append(Character.toLowerCase(c));
                space = false;
            } else if (!space) {
                origin[text.length()] = i;
                text.append(' ');
                space = true;
            }
        }
        int length = text.length();
        if (length > 0 && text.charAt(length - 1) == ' ') {
            text.setLength(length - 1);
        }
        return new NormalText(text.toString(), origin);
    }

    /** {@code words} as this class writes them. */
    static String words(String words) {
        return of(words).text;
    }

    String text() {
        return text;
    }

    /**
     * Where the whole words {@code phrase} (already normal) stand in the original, first at or after
     * original index {@code from}: {@code [start, end)}, or null.
     */
    int[] find(String phrase, int from) {
        if (phrase.isEmpty()) {
            return null;
        }
        int at = 0;
        while ((at = text.indexOf(phrase, at)) >= 0) {
            int end = at + phrase.length();
            boolean whole = (at == 0 || text.charAt(at - 1) == ' ') && (end == text.length() || text.charAt(end) == ' ');
            if (whole && origin[at] >= from) {
                return new int[] {origin[at], origin[end - 1] + 1};
            }
            at++;
        }
        return null;
    }

    /** Every place the phrase stands, as {@link #find}. */
    List<int[]> findAll(String phrase) {
        List<int[]> found = new ArrayList<>();
        int from = 0;
        int[] next;
        while ((next = find(phrase, from)) != null) {
            found.add(next);
            from = next[0] + 1;
        }
        return found;
    }
}
