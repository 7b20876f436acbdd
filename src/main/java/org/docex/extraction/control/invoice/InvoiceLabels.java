package org.docex.extraction.control.invoice;

import org.docex.extraction.control.keyvalue.LabelledValueReader;
import org.docex.extraction.control.values.DateOrder;
import org.docex.extraction.control.values.DateParser;
import org.docex.extraction.control.values.IbanParser;
import org.docex.extraction.control.values.ValueNormaliser;
import org.docex.extraction.control.values.ValueType;

/**
 * The English and German labels that introduce each invoice field, most specific first. A
 * label matches at the start of a phrase, so "Subtotal", "Zwischensumme" or "Total net" never
 * read as the total: the amount must follow the label directly.
 */
final class InvoiceLabels {

    private InvoiceLabels() {
    }

    static LabelledValueReader invoiceNumber() {
        return new LabelledValueReader(InvoiceNumberParser::atStart, false)
                .label(1, "invoice\\s*(?:no\\.?|number|nr\\.?|#|num\\.?|id)", "rechnungs\\s*-?\\s*(?:nummer|nr\\.?)",
                        "rechnung\\s*(?:nr\\.?|nummer|#)", "bill\\s*(?:no\\.?|number|#)", "inv\\.?\\s*(?:no\\.?|#)")
                .label(2, "invoice", "rechnung", "beleg\\s*-?\\s*(?:nr\\.?|nummer)", "document\\s*(?:no\\.?|number)");
    }

    static LabelledValueReader invoiceDate(DateOrder order) {
        return new LabelledValueReader(text -> DateParser.atStart(text, firstVisible(text), order), false)
                .label(1, "invoice\\s*date", "rechnungsdatum", "date\\s*of\\s*invoice", "issue\\s*date",
                        "date\\s*of\\s*issue", "invoice\\s*issued", "ausstellungsdatum", "rechnungs\\s*-?\\s*datum")
                .label(2, "date", "datum", "dated", "belegdatum");
    }

    static LabelledValueReader dueDate(DateOrder order) {
        return new LabelledValueReader(text -> DateParser.atStart(text, firstVisible(text), order), false)
                .label(1, "due\\s*date", "payment\\s*due(?:\\s*date|\\s*by|\\s*on)?", "fällig\\s*(?:am|bis|ab)?",
                        "zahlbar\\s*(?:bis|am)", "fälligkeit(?:sdatum)?", "zahlungsziel", "pay\\s*by",
                        "due\\s*(?:by|on)?", "please\\s*pay\\s*(?:by|until)", "bitte\\s*zahlen\\s*sie\\s*bis");
    }

    static LabelledValueReader totalAmount() {
        return new LabelledValueReader(text -> ValueNormaliser.atStart(ValueType.MONEY, text, DateOrder.DAY_FIRST), true)
                .label(1, "grand\\s*total", "total\\s*due", "amount\\s*due", "balance\\s*due", "total\\s*amount",
                        "invoice\\s*total", "total\\s*(?:incl\\.?|including)\\s*(?:vat|tax)", "total\\s*gross",
                        "total\\s*payable", "amount\\s*payable", "gesamtbetrag(?:\\s*brutto)?", "rechnungsbetrag",
                        "endbetrag", "zahlbetrag", "zu\\s*zahlen(?:der\\s*betrag)?", "gesamtsumme",
                        "(?:gesamt|summe)\\s*(?:brutto|inkl\\.?\\s*mwst\\.?|inkl\\.?\\s*ust\\.?)", "bruttobetrag",
                        "total\\s*(?:eur|usd|gbp|chf)")
                .label(2, "total", "gesamt", "summe", "betrag");
    }

    static LabelledValueReader iban() {
        return new LabelledValueReader(text -> IbanParser.atStart(text, firstVisible(text)), false)
                .label(1, "iban");
    }

    private static int firstVisible(String text) {
        int i = 0;
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
    }
}
