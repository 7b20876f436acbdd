package org.docex.extraction.control.values;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class VatIdsTest {

    /** VAT ids published as valid (the tax authorities' and the VIES documentation's examples, listed companies' own; HMRC's GB980780684; GSTINs printed on Indian tax invoices; the Swiss railways' UID). */
    @ParameterizedTest
    @ValueSource(strings = {"DE136695976", "DE811907980", "ATU13585627", "BE0411905847", "FR40303265045", "IT00743110157",
        "NL004495445B01", "DK13585628", "FI20774740", "PL5260250274", "LU15027442", "PT501964843", "GB980780684", "GB999999973",
        "29AAHCS6672E1ZZ", "27AAEPH8682F1ZI", "CHE102909703"})
    void publishedIdsHoldAndEveryChangedDigitIsCaught(String id) {
        assertEquals(Optional.of(true), VatIds.checkDigitsHold(id));
        // The check digit: the last digit, before a Dutch id's branch suffix ("B01").
        int last = id.startsWith("NL") ? id.indexOf('B', 2) - 1 : id.length() - 1;
        // An Indian GSTIN's check character is a letter or a digit: every other one is caught.
        String others = Character.isDigit(id.charAt(0)) ? "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".replace(id.substring(last), "") : null;
        for (int change = 1; change <= (others == null ? 9 : others.length()); change++) {
            char digit = others != null ? others.charAt(change - 1) : (char) ('0' + (id.charAt(last) - '0' + change) % 10);
            String changed = id.substring(0, last) + digit + id.substring(last + 1);
            assertEquals(Optional.of(false), VatIds.checkDigitsHold(changed), changed);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ESB12345674", "12345678", "", "IE6388047V"})
    void nothingIsSaidWhereTheRuleIsNotKnown(String id) {
        assertEquals(Optional.empty(), VatIds.checkDigitsHold(id));
    }

    /** OCR's letters for digits are read back where the check digits then hold (B for 8, O for 0, I for 1, S for 5). */
    @ParameterizedTest
    @CsvSource({"DEB12277765, DE812277765", "DE8I19O798O, DE811907980", "NLOO4495445B01, NL004495445B01",
        "ATUI3585627, ATU13585627", "GB98O78O684, GB980780684", "FR4O3O3265O45, FR40303265045"})
    void lettersReadForDigitsAreReadAsTheDigitsWhenTheCheckDigitsThenHold(String read, String meant) {
        assertEquals(meant, VatIds.withDigitLookAlikes(read));
    }

    /** An id that holds, or that no reading of its letters makes hold, or whose rule is not known, is left as it is. */
    @ParameterizedTest
    @ValueSource(strings = {"DE812277765", "DEB12277766", "ESB12345674", "CHE123456789", "DE12345678S"})
    void otherIdsAreLeftAsTheyAre(String id) {
        assertEquals(id, VatIds.withDigitLookAlikes(id));
    }
}
