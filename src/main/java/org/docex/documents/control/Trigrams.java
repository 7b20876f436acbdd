package org.docex.documents.control;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The pieces of the document search index ({@code document_trigram}, see
 * {@code V10__document_search.sql}): every run of three UTF-16 units of a folded file name or title.
 */
public final class Trigrams {

    public static final int LENGTH = 3;
    /** Trigrams of a query that a search looks up: enough to be selective, few enough to stay cheap. */
    static final int MAX_PROBED = 8;

    private Trigrams() {
    }

    /** The distinct trigrams of the texts (null texts have none). */
    public static Set<String> of(String... foldedTexts) {
        Set<String> trigrams = new LinkedHashSet<>();
        for (String text : foldedTexts) {
            if (text != null) {
                for (int start = 0; start + LENGTH <= text.length(); start++) {
                    trigrams.add(text.substring(start, start + LENGTH));
                }
            }
        }
        return trigrams;
    }

    /**
     * The trigrams a search for {@code foldedQuery} looks up: all of them, or {@link #MAX_PROBED}
     * spread from its first to its last. Empty when the query is shorter than a trigram.
     */
    static List<String> probed(String foldedQuery) {
        List<String> all = new ArrayList<>(of(foldedQuery));
        if (all.size() <= MAX_PROBED) {
            return all;
        }
        List<String> spread = new ArrayList<>(MAX_PROBED);
        for (int i = 0; i < MAX_PROBED; i++) {
            spread.add(all.get((int) Math.round(i * (all.size() - 1) / (double) (MAX_PROBED - 1))));
        }
        return spread;
    }
}
