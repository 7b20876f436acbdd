package org.docex.extraction.control;

import java.util.List;
import org.docex.extraction.control.InvoiceSpec.Language;

/** The words each generated invoice prints, picked by language and a variant number. */
final class InvoiceWording {

    private final Language language;
    private final int variant;

    InvoiceWording(Language language, int variant) {
        this.language = language;
        this.variant = variant;
    }

    String title() {
        return pick(List.of("INVOICE", "Invoice", "Tax Invoice"), List.of("RECHNUNG", "Rechnung"));
    }

    String number() {
        return pick(List.of("Invoice No.", "Invoice Number", "Invoice #", "Invoice No"),
                List.of("Rechnungsnummer", "Rechnung Nr.", "Rechnungs-Nr.", "Rechnungsnr."));
    }

    String date() {
        return pick(List.of("Invoice Date", "Date", "Issue date"), List.of("Rechnungsdatum", "Datum"));
    }

    String due() {
        return pick(List.of("Due Date", "Payment due", "Due by"), List.of("Fällig am", "Zahlbar bis", "Fälligkeitsdatum"));
    }

    String total() {
        return pick(List.of("Total", "Amount Due", "Total Due", "Grand Total", "Total amount"),
                List.of("Gesamtbetrag", "Gesamt", "Summe", "Rechnungsbetrag", "Zu zahlen"));
    }

    String subtotal() {
        return pick(List.of("Subtotal", "Net amount", "Total net"), List.of("Zwischensumme", "Nettobetrag", "Summe netto"));
    }

    String tax() {
        return pick(List.of("VAT 19%", "Tax (19%)", "Sales tax"), List.of("MwSt. 19%", "USt. 19 %", "zzgl. 19% MwSt."));
    }

    /** The tax label with its rate, for invoices whose tax is computed from their items. */
    String taxWithRate() {
        return pick(List.of("VAT 19%", "Tax (19%)", "Sales tax 19%"), List.of("MwSt. 19%", "USt. 19 %", "zzgl. 19% MwSt."));
    }

    /** The label of the vendor's VAT identification number. */
    String vatId() {
        return pick(List.of("VAT ID", "VAT No.", "VAT Reg. No."), List.of("USt-IdNr.", "USt-ID", "Umsatzsteuer-ID"));
    }

    String customerNumber() {
        return pick(List.of("Customer No.", "Customer ID", "Account"), List.of("Kundennummer", "Kunden-Nr."));
    }

    String orderNumber() {
        return pick(List.of("Order No.", "PO Number"), List.of("Bestellnummer", "Auftrag Nr."));
    }

    String deliveryDate() {
        return pick(List.of("Delivery date", "Shipped"), List.of("Lieferdatum", "Leistungsdatum"));
    }

    String billTo() {
        return pick(List.of("Bill To:", "Invoice to:", "Customer:"), List.of("Rechnungsempfänger:", "Kunde:", "An:"));
    }

    String from() {
        return pick(List.of("From:", "Seller:"), List.of("Von:", "Rechnungssteller:"));
    }

    List<String> tableHeader() {
        return language == Language.EN ? List.of("Description", "Qty", "Unit price", "Amount")
                : List.of("Beschreibung", "Menge", "Einzelpreis", "Betrag");
    }

    List<String> items() {
        return language == Language.EN ? List.of("Consulting services", "Software licence", "Travel expenses")
                : List.of("Beratungsleistung", "Softwarelizenz", "Reisekosten");
    }

    String thanks() {
        return language == Language.EN ? "Thank you for your business. Please pay within 14 days."
                : "Vielen Dank für Ihren Auftrag. Bitte überweisen Sie den Betrag innerhalb von 14 Tagen.";
    }

    private String pick(List<String> english, List<String> german) {
        List<String> options = language == Language.EN ? english : german;
        return options.get(variant % options.size());
    }
}
