package org.docex.extraction.control.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class QueueTermsTest {

    @Test
    void aNumberIsFoundWholeAndByItsParts() {
        Set<String> terms = QueueTerms.of(List.of("Rechnung RE-2026/0042 über 1.234,56 €"));
        assertTrue(terms.containsAll(List.of("rechnung", "re20260042", "re", "2026", "0042", "uber", "123456", "234", "56")), terms.toString());
        assertTrue(terms.stream().noneMatch(term -> term.length() < 2), "single characters are no terms: " + terms);
    }

    @Test
    void aQueryFoldsAsTheIndexDoes() {
        assertEquals(List.of("re2026", "muller", "strasse", "123456"), QueueTerms.query("RE-2026  MÜLLER Straße 1,234.56"));
        assertEquals(List.of(), QueueTerms.query("a % _"), "short words and punctuation are no query");
        assertEquals(QueueTerms.MAX_QUERY_WORDS, QueueTerms.query("aa bb cc dd ee ff gg hh ii jj").size());
    }

    @Test
    void termsAreCutAndCounted() {
        String longWord = "x".repeat(100);
        assertEquals(Set.of("x".repeat(QueueTerms.MAX_LENGTH)), QueueTerms.of(List.of(longWord)));
        StringBuilder many = new StringBuilder();
        for (int i = 0; i < 2 * QueueTerms.MAX_TERMS; i++) {
            many.append("w").append(i).append(' ');
        }
        assertEquals(QueueTerms.MAX_TERMS, QueueTerms.of(List.of(many.toString())).size());
    }

    @Test
    void theEndOfAPrefixsRangeIsItsLastCharacterPlusOne() {
        assertEquals("re21", QueueTerms.after("re20"));
        assertTrue("re2026".compareTo("re20") >= 0 && "re2026".compareTo(QueueTerms.after("re20")) < 0);
    }
}
