package org.docex.extraction.control.invoice;

import org.docex.extraction.control.keyvalue.LabelledValueReader;
import org.docex.extraction.control.values.DateOrder;
import org.docex.extraction.control.values.DateParser;
import org.docex.extraction.control.values.IbanParser;
import org.docex.extraction.control.values.ValueNormaliser;
import org.docex.extraction.control.values.ValueType;
import org.docex.extraction.control.values.Vocabulary;

/**
 * The labels that introduce each invoice field, in every language of the {@link Vocabulary}, most
 * specific first. A label matches at the start of a phrase, so "Subtotal", "Zwischensumme" or
 * "Total net" never read as the total: the amount must follow the label directly. An invoice's
 * title is a label too: "Rechnung Nr. 471102 vom 05.03.2018", "Invoice No. 123 dated 1 May 2024",
 * "Facture n° F-12 du 3 mars 2024" give the number and the date.
 */
final class InvoiceLabels {

    static final Vocabulary WORDS = Vocabulary.all();
    /**
     * A title and the word for its number: "Handelsrechnung (380) Nr.", "Invoice No.", "Facture n°",
     * with up to five words between ("Gutschrift (Selbst ausgestellte Rechnung) (389) Nr.", "Rechnung des Versicherers Nr.").
     */
    static final String TITLE_NUMBER = WORDS.alternation("title") + "(?:\\s+[^\\s\\d:]{1,25}){0,5}?\\s*(?:\\(\\d{1,4}\\))?\\s*"
            + WORDS.alternation("number_word") + "\\s*[.:]?";
    /** The same title with its number and the word that introduces the date: "Rechnung Nr. 471102 vom". */
    static final String TITLE_DATE = TITLE_NUMBER + "\\s*\\S{1,40}\\s+" + WORDS.alternation("date_word") + "\\s*:?";

    private InvoiceLabels() {
    }

    static LabelledValueReader invoiceNumber() {
        return new LabelledValueReader(InvoiceNumberParser::atStart, false)
                .label(1, WORDS.entries("invoice_number")).label(1, TITLE_NUMBER)
                .label(2, WORDS.entries("invoice_number.loose"));
    }

    static LabelledValueReader invoiceDate(DateOrder order) {
        return new LabelledValueReader(text -> DateParser.atStart(text, firstVisible(text), order), false)
                .label(1, WORDS.entries("invoice_date")).label(1, TITLE_DATE)
                .label(2, WORDS.entries("invoice_date.loose"));
    }

    static LabelledValueReader dueDate(DateOrder order) {
        return new LabelledValueReader(text -> DateParser.atStart(text, firstVisible(text), order), false)
                .label(1, WORDS.entries("due_date"));
    }

    static LabelledValueReader totalAmount() {
        return new LabelledValueReader(text -> ValueNormaliser.atStart(ValueType.MONEY, text, DateOrder.DAY_FIRST), true)
                .label(1, WORDS.entries("total_amount"))
                .label(2, WORDS.entries("total_amount.loose"));
    }

    static LabelledValueReader iban() {
        return new LabelledValueReader(text -> IbanParser.atStart(text, firstVisible(text)), false)
                .label(1, "iban(?:\\s*(?:nr\\.?|no\\.?|number|code))?");
    }

    static LabelledValueReader ibanWithoutChecksum() {
        return new LabelledValueReader(text -> IbanParser.shapedAtStart(text, firstVisible(text)), false)
                .label(1, "iban(?:\\s*(?:nr\\.?|no\\.?|number|code))?");
    }

    private static int firstVisible(String text) {
        int i = 0;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
    }
}
