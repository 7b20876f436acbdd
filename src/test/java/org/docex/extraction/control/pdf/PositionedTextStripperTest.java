package org.docex.extraction.control.pdf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.text.Normalizer;
import org.docex.testing.RandomText;
import org.junit.jupiter.api.Test;

class PositionedTextStripperTest {

    @Test
    void textBelowTheFirstCombiningMarkIsComposedAlready() {
        StringBuilder all = new StringBuilder();
        for (char c = 0; c < '\u0300'; c++) {
            all.append(c);
        }
        // Every character on its own and each one after every other: nothing there composes.
        for (char c = 0; c < '\u0300'; c++) {
            String pairs = all.toString().replace("", String.valueOf(c));
            assertTrue(Normalizer.isNormalized(pairs, Normalizer.Form.NFC), "U+" + Integer.toHexString(c));
        }
    }

    @Test
    void tokensComeOutComposedAsTheNormaliserWrites() {
        RandomText random = new RandomText(5, "e", "E", "a", "\u0301", "\u0308", "\u00e9", "\u212b", "\u0041\u030a", "n",
                "\u0303", "\uac00", "\u1100\u1161", "\ufb01", "x", "7", "\u2126", "\u0344", "\uD835\uDC00");
        for (int i = 0; i < 20_000; i++) {
            String sample = random.next(8);
            assertEquals(Normalizer.normalize(sample, Normalizer.Form.NFC), PositionedTextStripper.nfc(new StringBuilder(sample)),
                    sample);
        }
    }
}
