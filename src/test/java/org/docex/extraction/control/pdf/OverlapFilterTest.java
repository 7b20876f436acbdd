package org.docex.extraction.control.pdf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class OverlapFilterTest {

    @Test
    void aCharacterWithinAThirdOfItsWidthOfTheSameCharacterIsARepeat() {
        OverlapFilter filter = new OverlapFilter();

        assertFalse(filter.isRepeat("A", 100, 200, 6));
        assertTrue(filter.isRepeat("A", 101.9f, 200, 6));
        assertTrue(filter.isRepeat("A", 100, 198.1f, 6));
        assertFalse(filter.isRepeat("B", 100, 200, 6), "another character at the same place is kept");
        assertFalse(filter.isRepeat("A", 98, 200, 6), "x + tolerance is outside, as in PDFBox's ranges");
    }

    @Test
    void positionsAreForgottenAtEachPage() {
        OverlapFilter filter = new OverlapFilter();
        filter.isRepeat("A", 100, 200, 6);

        filter.clear();

        assertFalse(filter.isRepeat("A", 100, 200, 6));
    }

    @Test
    void aGlyphWithoutWidthIsNeverARepeatAndOddNumbersDoNotBreakIt() {
        OverlapFilter filter = new OverlapFilter();
        filter.isRepeat("A", 100, 200, 6);

        assertFalse(filter.isRepeat("A", 100, 200, 0));
        assertFalse(filter.isRepeat("A", 100, 200, -6));
        assertFalse(filter.isRepeat("A", Float.NaN, 200, 6));
        assertTrue(filter.isRepeat("A", 100, 200, Float.POSITIVE_INFINITY));
        assertFalse(filter.isRepeat("A", Float.MAX_VALUE, -Float.MAX_VALUE, 6));
    }

    @Test
    void aGlyphWiderThanTheGridIsCheckedAgainstEveryPosition() {
        OverlapFilter filter = new OverlapFilter();
        filter.isRepeat("A", 0, 0, 6);
        filter.isRepeat("B", 2e9f, -2e9f, 3000);

        assertTrue(filter.isRepeat("A", 10, 10, 3e20f), "a tolerance of 1e20 around (10, 10) holds (0, 0)");
        assertTrue(filter.isRepeat("B", 2e9f + 512, -2e9f, 3000), "positions far out are still compared");
        assertFalse(filter.isRepeat("C", 0, 0, 3e20f));
    }

    @Test
    void manyPositionsOnOnePageAreAllKept() {
        OverlapFilter filter = new OverlapFilter();
        for (int i = 0; i < 20_000; i++) {
            assertFalse(filter.isRepeat("x", (i % 200) * 5f, (i / 200) * 10f, 6), "position " + i);
        }
        for (int i = 0; i < 20_000; i++) {
            assertTrue(filter.isRepeat("x", (i % 200) * 5f + 0.5f, (i / 200) * 10f, 6), "repeat of position " + i);
        }
    }

    @Test
    void decidesAsPdfBoxesSortedTreesDoOnManyGlyphsOfAllSizes() {
        Random random = new Random(42);
        OverlapFilter filter = new OverlapFilter();
        PdfBoxRule reference = new PdfBoxRule();
        int repeats = 0;
        for (int i = 0; i < 50_000; i++) {
            String character = String.valueOf((char) ('a' + random.nextInt(4)));
            float x = random.nextInt(60) * 0.75f + random.nextFloat();
            float y = random.nextInt(60) * 0.75f;
            float width = random.nextInt(50) == 0 ? 40 + random.nextFloat() * 600 : random.nextFloat() * 12;

            boolean expected = reference.isRepeat(character, x, y, width);
            assertEquals(expected, filter.isRepeat(character, x, y, width), "glyph " + i);
            repeats += expected ? 1 : 0;
        }
        assertTrue(repeats > 10_000 && repeats < 49_000, "the sample exercises both answers: " + repeats);
    }

    @Test
    void decidesAsPdfBoxesSortedTreesDoOnAndBeyondTheEdgesOfTheDirectGrid() {
        Random random = new Random(7);
        OverlapFilter filter = new OverlapFilter();
        PdfBoxRule reference = new PdfBoxRule();
        // Around the origin, the directly indexed grid's far edges (1,024 points) and well beyond them.
        float[] centres = {0, 1024, -1024, 5000};
        int repeats = 0;
        for (int page = 0; page < 2; page++) {
            for (int i = 0; i < 20_000; i++) {
                String character = String.valueOf((char) ('a' + random.nextInt(3)));
                float x = centres[random.nextInt(centres.length)] + (random.nextInt(40) - 20) * 0.75f + random.nextFloat();
                float y = centres[random.nextInt(centres.length)] + (random.nextInt(40) - 20) * 0.75f;
                float width = random.nextFloat() * 12;

                boolean expected = reference.isRepeat(character, x, y, width);
                assertEquals(expected, filter.isRepeat(character, x, y, width), "page " + page + ", glyph " + i);
                repeats += expected ? 1 : 0;
            }
            filter.clear();
            reference.clear();
        }
        assertTrue(repeats > 5_000 && repeats < 39_000, "the sample exercises both answers: " + repeats);
    }

    /** PDFTextStripper.processTextPosition's own rule, with its sorted trees of floats. */
    private static final class PdfBoxRule {
        private final Map<String, TreeMap<Float, TreeSet<Float>>> shown = new HashMap<>();

        boolean isRepeat(String character, float x, float y, float width) {
            TreeMap<Float, TreeSet<Float>> same = shown.computeIfAbsent(character, c -> new TreeMap<>());
            float tolerance = width / character.length() / 3.0f;
            for (TreeSet<Float> ys : same.subMap(x - tolerance, x + tolerance).values()) {
                if (!ys.subSet(y - tolerance, y + tolerance).isEmpty()) {
                    return true;
                }
            }
            same.computeIfAbsent(x, k -> new TreeSet<>()).add(y);
            return false;
        }

        void clear() {
            shown.clear();
        }
    }
}
