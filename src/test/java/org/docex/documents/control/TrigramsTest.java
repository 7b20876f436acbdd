package org.docex.documents.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TrigramsTest {

    @Test
    void everyRunOfThreeOnceAcrossTheTexts() {
        assertEquals(Set.of("inv", "nvo", "voi", "oic", "ice", "acm", "cme"), Trigrams.of("invoice", null, "acme", "ice"));
    }

    @Test
    void textsShorterThanATrigramHaveNone() {
        assertEquals(Set.of(), Trigrams.of("ab", "", null));
        assertEquals(List.of(), Trigrams.probed("ab"));
    }

    @Test
    void shortQueriesProbeAllTheirTrigrams() {
        assertEquals(List.of("won", "onk", "nka"), Trigrams.probed("wonka"));
    }

    @Test
    void longQueriesProbeEightSpreadFromFirstToLast() {
        String query = "abcdefghijklmnopqrstuvwxyz";
        List<String> probed = Trigrams.probed(query);
        assertEquals(Trigrams.MAX_PROBED, probed.size());
        assertEquals("abc", probed.get(0));
        assertEquals("xyz", probed.get(probed.size() - 1));
        assertEquals(Trigrams.MAX_PROBED, Set.copyOf(probed).size(), "no trigram twice");
    }
}
