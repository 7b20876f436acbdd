package org.docex.mfa.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;

import org.junit.jupiter.api.Test;

class RecoveryCodesTest {

    @Test
    void tenDistinctCodesInGroupsOfFour() {
        List<String> codes = RecoveryCodes.generate();

        assertEquals(10, codes.size());
        assertEquals(10, new HashSet<>(codes).size());
        codes.forEach(code -> assertTrue(code.matches("([2-9a-hjkmnp-z]{4}-){3}[2-9a-hjkmnp-z]{4}"), code));
    }

    @Test
    void eachCodeCarriesAtLeastFiftyBits() {
        double bits = RecoveryCodes.GROUPS * RecoveryCodes.GROUP_LENGTH
                * Math.log(RecoveryCodes.ALPHABET.length()) / Math.log(2);

        assertTrue(bits >= 50, "bits: " + bits);
        assertEquals(RecoveryCodes.ALPHABET.length(), RecoveryCodes.ALPHABET.chars().distinct().count());
    }

    @Test
    void typedVariantsOfACodeHashAlike() {
        String hash = RecoveryCodes.hash("7kqm-3xhd-p9tw-c2fn");

        assertEquals(hash, RecoveryCodes.hash("7KQM-3XHD-P9TW-C2FN"));
        assertEquals(hash, RecoveryCodes.hash(" 7kqm 3xhd p9tw c2fn "));
        assertEquals(hash, RecoveryCodes.hash("7kqm3xhdp9twc2fn"));
        assertNotEquals(hash, RecoveryCodes.hash("7kqm-3xhd-p9tw-c2fm"));
    }

    @Test
    void hashIsSha256HexOfTheNormalisedCode() {
        assertEquals("7kqm3xhdp9twc2fn", RecoveryCodes.normalise("7KQM-3xhd\tP9TW c2fn"));
        // SHA-256("abc") from FIPS 180-2.
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", RecoveryCodes.hash("A-B-C"));
    }
}
