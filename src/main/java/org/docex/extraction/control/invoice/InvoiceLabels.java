package org.docex.extraction.control.invoice;

import java.util.EnumMap;
import java.util.Map;
import java.util.function.Function;
import org.docex.extraction.control.keyvalue.LabelledValueReader;
import org.docex.extraction.control.values.CurrencyCodes;
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

    // Built once: each reader compiles a pattern per label of every language, too much work for every document.
    private static final LabelledValueReader INVOICE_NUMBER = new LabelledValueReader(InvoiceNumberParser::atStart, false)
            .label(1, WORDS.entries("invoice_number")).label(1, TITLE_NUMBER)
            .label(2, WORDS.entries("invoice_number.loose"));
    private static final LabelledValueReader INVOICE_NUMBER_CLEARLY_LABELLED = new LabelledValueReader(InvoiceNumberParser::atStart, false)
            .label(1, WORDS.entries("invoice_number")).label(1, TITLE_NUMBER);
    // Rank 2 as in INVOICE_NUMBER, so that its values are as sure as they are there.
    private static final LabelledValueReader INVOICE_NUMBER_LOOSELY_LABELLED = new LabelledValueReader(InvoiceNumberParser::atStart, false)
            .label(2, WORDS.entries("invoice_number.loose"));
    private static final Map<DateOrder, LabelledValueReader> INVOICE_DATE = byOrder(order ->
            new LabelledValueReader(text -> DateParser.atStart(text, firstVisible(text), order), false)
                    .label(1, WORDS.entries("invoice_date")).label(1, TITLE_DATE)
                    .label(2, WORDS.entries("invoice_date.loose")));
    private static final Map<DateOrder, LabelledValueReader> DUE_DATE = byOrder(order ->
            new LabelledValueReader(text -> DateParser.atStart(text, firstVisible(text), order), false)
                    .label(1, WORDS.entries("due_date")));
    private static final LabelledValueReader TOTAL_AMOUNT = new LabelledValueReader(
            text -> ValueNormaliser.atStart(ValueType.MONEY, text, DateOrder.DAY_FIRST), true)
            .label(1, WORDS.entries("total_amount"))
            .label(2, WORDS.entries("total_amount.loose"));
    private static final LabelledValueReader CURRENCY = new LabelledValueReader(
            text -> CurrencyCodes.atStart(text, firstVisible(text)), false)
            .label(1, WORDS.entries("currency"));
    private static final String IBAN_LABEL = "iban(?:\\s*(?:nr\\.?|no\\.?|number|code))?";
    private static final LabelledValueReader IBAN = new LabelledValueReader(text -> IbanParser.atStart(text, firstVisible(text)), false)
            .label(1, IBAN_LABEL);
    private static final LabelledValueReader IBAN_WITHOUT_CHECKSUM = new LabelledValueReader(
            text -> IbanParser.shapedAtStart(text, firstVisible(text)), false)
            .label(1, IBAN_LABEL);

    private InvoiceLabels() {
    }

    static LabelledValueReader invoiceNumber() {
        return INVOICE_NUMBER;
    }

    /** The invoice number's labels that name it alone ("Invoice no.", "Rechnung Nr."), without the loose ones ("Reference", "Number"). */
    static LabelledValueReader invoiceNumberClearlyLabelled() {
        return INVOICE_NUMBER_CLEARLY_LABELLED;
    }

    /** The invoice number's loose labels only ("Reference", "Number"): {@link #invoiceNumber()} less the clear ones. */
    static LabelledValueReader invoiceNumberLooselyLabelled() {
        return INVOICE_NUMBER_LOOSELY_LABELLED;
    }

    static LabelledValueReader invoiceDate(DateOrder order) {
        return INVOICE_DATE.get(order);
    }

    static LabelledValueReader dueDate(DateOrder order) {
        return DUE_DATE.get(order);
    }

    static LabelledValueReader totalAmount() {
        return TOTAL_AMOUNT;
    }

    /** "Currency: MXN", "Moneda: MXN", "Währung: EUR": a label whose value is an ISO 4217 code or a currency's sign. */
    static LabelledValueReader currency() {
        return CURRENCY;
    }

    static LabelledValueReader iban() {
        return IBAN;
    }

    static LabelledValueReader ibanWithoutChecksum() {
        return IBAN_WITHOUT_CHECKSUM;
    }

    /** One reader for each way of reading numeric dates. */
    static Map<DateOrder, LabelledValueReader> byOrder(Function<DateOrder, LabelledValueReader> reader) {
        Map<DateOrder, LabelledValueReader> readers = new EnumMap<>(DateOrder.class);
        for (DateOrder order : DateOrder.values()) {
            readers.put(order, reader.apply(order));
        }
        return readers;
    }

    private static int firstVisible(String text) {
        int i = 0;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
    }
}
