package org.docex.extraction.control.queue;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The words a workflow is found by, folded the same way for the index and the query: lower case,
 * accents dropped, letters and digits only. Each run of text between spaces gives its letters and
 * digits joined ("RE-2026/0042" gives re20260042, "1.234,56" gives 123456) and each part between
 * its punctuation (re, 2026, 0042), so that a number is found however it was written. Terms are
 * 2 to {@link #MAX_LENGTH} characters (longer ones are cut there: a query matches the terms it
 * begins); a workflow keeps at most {@link #MAX_TERMS}, the field values' first.
 */
public final class QueueTerms {

    public static final int MAX_LENGTH = 40;
    public static final int MAX_TERMS = 5_000;
    /** A query's words past this many are not looked up. */
    public static final int MAX_QUERY_WORDS = 8;

    private static final Pattern SPACES = Pattern.compile("\\s+");
    private static final Pattern PUNCTUATION = Pattern.compile("[^\\p{L}\\p{N}]+");
    private static final Pattern MARKS = Pattern.compile("\\p{M}+");

    private QueueTerms() {
    }

    /** The distinct terms of the texts, in order of first appearance, at most {@link #MAX_TERMS}. */
    public static Set<String> of(Iterable<String> texts) {
        Set<String> terms = new LinkedHashSet<>();
        for (String text : texts) {
            if (text == null) {
                continue;
            }
            for (String run : SPACES.split(fold(text))) {
                add(terms, PUNCTUATION.matcher(run).replaceAll(""));
                for (String part : PUNCTUATION.split(run)) {
                    add(terms, part);
                }
                if (terms.size() >= MAX_TERMS) {
                    return terms;
                }
            }
        }
        return terms;
    }

    /**
     * What each word of a query must begin: its letters and digits joined, folded; words shorter
     * than two characters are left out, and words past {@link #MAX_QUERY_WORDS}.
     */
    public static List<String> query(String q) {
        List<String> words = new ArrayList<>();
        if (q == null) {
            return words;
        }
        for (String run : SPACES.split(fold(q))) {
            String joined = PUNCTUATION.matcher(run).replaceAll("");
            if (joined.length() >= 2 && words.size() < MAX_QUERY_WORDS && !words.contains(cut(joined))) {
                words.add(cut(joined));
            }
        }
        return words;
    }

    /** Lower case without accents ("Müller" and "MULLER" fold alike; ß becomes ss). */
    public static String fold(String text) {
        String lower = text.toLowerCase(Locale.ROOT).replace("ß", "ss");
        return MARKS.matcher(Normalizer.normalize(lower, Normalizer.Form.NFD)).replaceAll("");
    }

    /** The smallest string greater than every string that begins with {@code prefix}: the end of its range. */
    static String after(String prefix) {
        int last = prefix.length() - 1;
        return prefix.substring(0, last) + (char) (prefix.charAt(last) + 1);
    }

    private static void add(Set<String> terms, String term) {
        if (term.length() >= 2 && terms.size() < MAX_TERMS) {
            terms.add(cut(term));
        }
    }

    private static String cut(String term) {
        return term.length() > MAX_LENGTH ? term.substring(0, MAX_LENGTH) : term;
    }
}
