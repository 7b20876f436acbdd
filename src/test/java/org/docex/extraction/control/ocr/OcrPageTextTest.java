package org.docex.extraction.control.ocr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.UnaryOperator;
import org.docex.extraction.control.BoundingBox;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.text.TextToken;
import org.junit.jupiter.api.Test;

class OcrPageTextTest {

    /** 300 dpi: 300/72 pixels make a point. */
    private static final double SCALE = 300 / 72.0;

    @Test
    void aLabelAndItsValueFoundApartMakeOneRowLikeATextLayerLine() {
        List<OcrWord> words = List.of(
                word("Invoice", 200, 100, 0.96, 0), word("Date:", 420, 102, 0.95, 0),
                word("2026-01-21", 1500, 98, 0.97, 1),
                word("Bill", 200, 160, 0.9, 2), word("To:", 300, 160, 0.9, 2));
        PageText page = OcrPageText.of(1, words, word -> word, SCALE, 10_000);

        assertEquals("Invoice Date: 2026-01-21\nBill To:", page.text());
        assertEquals(2, page.lines().size());
        TextToken value = page.lines().get(0).tokens().get(2);
        assertEquals("2026-01-21", page.text().substring(value.offset(), value.end()));
        assertEquals(new BoundingBox(1500 / SCALE, 98 / SCALE, 1700 / SCALE, 138 / SCALE), value.box());
        assertEquals(0.97, value.confidence());
        TextToken to = page.lines().get(1).tokens().get(1);
        assertEquals("To:", page.text().substring(to.offset(), to.end()));
    }

    @Test
    void columnsWhoseLinesInterleaveStayApart() {
        // The right column's line sits half a line below the left one's.
        List<OcrWord> words = List.of(word("Customer", 200, 100, 0.9, 0), word("Due", 1500, 125, 0.9, 1));
        assertEquals("Customer\nDue", OcrPageText.of(1, words, word -> word, SCALE, 10_000).text());
    }

    @Test
    void aLabelReachingLowerThanTheRowsFirstWordsStillJoinsTheValueBesideIt() {
        // "1234 Laudanum" (no descenders) begins the row; the date beside the label sits a little lower, and the
        // label's box ("g", the colon) reaches lower still: its middle is below the first chunk's box, not the date's.
        List<OcrWord> words = List.of(
                word("1234", 200, 100, 0.9, 0), word("Laudanum", 420, 100, 0.9, 0),
                new OcrWord("Rechnungsdatum:", 1500, 121, 1900, 163, 0.9, 1),
                new OcrWord("21.04.1978", 2000, 112, 2200, 148, 0.9, 2),
                word("Aremorica", 200, 200, 0.9, 3));
        assertEquals("1234 Laudanum Rechnungsdatum: 21.04.1978\nAremorica", OcrPageText.of(1, words, word -> word, SCALE, 10_000).text());
    }

    @Test
    void textPastTheLimitIsDroppedAndSaidSo() {
        List<OcrWord> words = List.of(word("first", 100, 100, 0.9, 0), word("second", 100, 200, 0.9, 1));
        PageText page = OcrPageText.of(1, words, word -> word, SCALE, 8);
        assertEquals("first", page.text());
        assertTrue(page.truncated());
    }

    @Test
    void onACrookedScanRowsAreBuiltStraightAndBoxesStayOnTheImage() {
        // Tilted: the value, far right, sits lower on the image than its label; turned straight they share a row.
        List<OcrWord> words = List.of(word("Total", 200, 100, 0.9, 0), word("12.50", 1800, 130, 0.9, 1),
                word("Next", 200, 160, 0.9, 2));
        UnaryOperator<OcrWord> straight = word -> new OcrWord(word.text(), word.left(),
                word.top() - (word.left() - 200) * 30 / 1600, word.right(), word.bottom() - (word.left() - 200) * 30 / 1600,
                word.confidence(), word.line());
        PageText page = OcrPageText.of(1, words, straight, SCALE, 100);
        assertEquals("Total 12.50\nNext", page.text());
        assertEquals(130 / SCALE, page.lines().get(0).tokens().get(1).box().y0(), 1e-9);
    }

    @Test
    void verticalRulesReadIntoWordsAreLeftOut() {
        // A table's borders: "Invoice Number: |3847193", "1|Prace", "James |".
        assertEquals(List.of(new OcrWord("3847193", 110, 0, 810, 40, 0.9, 3)),
                new OcrWord("|3847193", 10, 0, 810, 40, 0.9, 3).withoutRules());
        List<OcrWord> parts = new OcrWord("1|Prace", 0, 0, 700, 40, 0.8, 1).withoutRules();
        assertEquals(List.of("1", "Prace"), parts.stream().map(OcrWord::text).toList());
        assertEquals(100, parts.get(0).right());
        assertEquals(200, parts.get(1).left());
        assertEquals(700, parts.get(1).right());
        assertEquals(List.of(), new OcrWord("|", 0, 0, 10, 40, 0.5, 1).withoutRules());
        assertEquals(List.of("Sub-Total"), new OcrWord("‘Sub-Total", 0, 0, 100, 40, 0.9, 1).withoutRules().stream().map(OcrWord::text).toList());
        assertEquals(List.of("'quoted'"), new OcrWord("'quoted'", 0, 0, 100, 40, 0.9, 1).withoutRules().stream().map(OcrWord::text).toList());
        OcrWord plain = new OcrWord("Total", 0, 0, 100, 40, 0.9, 1);
        assertEquals(List.of(plain), plain.withoutRules());
    }

    private static OcrWord word(String text, int left, int top, double confidence, int line) {
        return new OcrWord(text, left, top, left + 200, top + 40, confidence, line);
    }
}
