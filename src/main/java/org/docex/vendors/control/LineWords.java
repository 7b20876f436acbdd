package org.docex.vendors.control;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The words of a line (runs of non-space characters) with where each stands in the text. */
record LineWords(String text, List<int[]> spans) {

    private static final Pattern WORD = Pattern.compile("\\S+");

    static LineWords of(String text) {
        List<int[]> spans = new ArrayList<>();
        Matcher matcher = WORD.matcher(text);
        while (matcher.find()) {
            spans.add(new int[] {matcher.start(), matcher.end()});
        }
        return new LineWords(text, spans);
    }

    String word(int index) {
        int[] span = spans.get(index);
        return text.substring(span[0], span[1]);
    }

    int size() {
        return spans.size();
    }

    static boolean hasLetter(String word) {
        return word.codePoints().anyMatch(Character::isLetter);
    }

    static boolean hasDigit(String word) {
        return word.codePoints().anyMatch(Character::isDigit);
    }

    static int count(String text) {
        return of(text).size();
    }
}
