package org.docex.extraction.control.values;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class VocabularyTest {

    /** "Invoice # 508", "Rechnung # RE-505": the sign is a label of its own, not a comment line of the file. */
    @Test
    void theNumberSignIsANumberWord() {
        Pattern numberWord = Pattern.compile("(?iu)(?:" + Vocabulary.all().alternation("number_word") + ")");

        assertTrue(numberWord.matcher("#").matches(), Vocabulary.all().entries("number_word").toString());
    }

    @Test
    void everyEntryIsARegularExpressionThatMatchesSomethingNonEmptyOnly() {
        for (String section : new String[] {"invoice_number", "invoice_date", "due_date", "total_amount", "subtotal_amount",
                "tax_amount", "vendor_vat_id", "number_word", "date_word"}) {
            for (String entry : Vocabulary.all().entries(section)) {
                assertTrue(!Pattern.compile(entry).matcher("").matches(), section + ": \"" + entry + "\" matches nothing at all");
            }
        }
    }

    @Test
    void aLabelsAccentedLettersAlsoMatchTheirPlainAndMisreadForms() {
        Pattern due = Pattern.compile(Vocabulary.foldAccents("termin\\s*płatności"), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
        assertTrue(due.matcher("Termin płatności").matches());
        assertTrue(due.matcher("Termin platnosci").matches());
        assertTrue(due.matcher("Termin ptatnosci").matches(), "as OCR without Polish reads it");
        Pattern date = Pattern.compile(Vocabulary.foldAccents("fällig"), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
        assertTrue(date.matcher("Faellig").matches() && date.matcher("Fallig").matches());
    }
}
