package org.docex.extraction.control.keyvalue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.docex.testing.RandomText;
import org.junit.jupiter.api.Test;

class LabelTextTest {

    @Test
    void aTrailingColonAndTheSpaceBeforeItAreDropped() {
        assertEquals("Invoice No.", LabelText.withoutTrailingColon("  Invoice No. :  "));
        assertEquals("Datum", LabelText.withoutTrailingColon("Datum："));
        assertEquals("Total:", LabelText.withoutTrailingColon("Total::"), "one colon only");
        assertEquals("", LabelText.withoutTrailingColon(" : "));
        assertEquals("a: b", LabelText.withoutTrailingColon("a: b"));
    }

    @Test
    void dropsWhatTheRegularExpressionItReplacesDropped() {
        RandomText random = new RandomText(3, " ", ":", "：", "\t", "\n", "\u2003", "\u00a0", "a", "B", "1", "é");
        for (int i = 0; i < 20_000; i++) {
            String sample = random.next(8);
            assertEquals(sample.strip().replaceAll("\\s*[:：]$", "").strip(), LabelText.withoutTrailingColon(sample),
                    "'" + sample + "'");
        }
    }

    @Test
    void labelsAreShortPhrasesOfWordsAndBecomeSnakeCaseNames() {
        assertTrue(LabelText.isLabelLike("Invoice No.:"));
        assertFalse(LabelText.isLabelLike("one two three four five six"));
        assertFalse(LabelText.isLabelLike("12345"));
        assertEquals("faellig_am", LabelText.snakeCase("Fällig am"));
        assertEquals("invoice_no", LabelText.snakeCase("Invoice #"));
        assertEquals("creme_brulee", LabelText.snakeCase("  Crème brûlée! "));
    }
}
