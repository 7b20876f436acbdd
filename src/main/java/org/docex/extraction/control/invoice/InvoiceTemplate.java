package org.docex.extraction.control.invoice;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.keyvalue.LabelledValue;
import org.docex.extraction.control.table.Table;
import org.docex.extraction.control.keyvalue.LabelledValueReader;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.values.CurrencyCodes;
import org.docex.extraction.control.values.DateOrder;
import org.docex.extraction.control.values.IbanParser;
import org.docex.extraction.control.values.ParsedValue;

/**
 * Reads invoice_number, invoice_date, due_date, total_amount, currency, vendor_name and iban, then
 * subtotal_amount, tax_amount, tax_rate, vendor_vat_id, buyer_name, purchase_order and the line
 * items of the item tables.
 */
public final class InvoiceTemplate {

    static final double IBAN_WITHOUT_LABEL = 0.75;
    /** A labelled IBAN whose checksum fails is reported, for a reviewer to see, with little confidence (and a failed check). */
    static final double IBAN_FAILING_CHECKSUM = 0.3;

    private InvoiceTemplate() {
    }

    public static List<ExtractedField> extract(List<PageText> pages, List<Table> tables, DateOrder order) {
        List<ExtractedField> fields = new ArrayList<>();
        read(InvoiceLabels.invoiceNumber(), pages, "invoice_number").ifPresent(fields::add);
        read(InvoiceLabels.invoiceDate(order), pages, "invoice_date").ifPresent(fields::add);
        read(InvoiceLabels.dueDate(order), pages, "due_date").ifPresent(fields::add);
        Totals.Chosen amounts = Totals.choose(InvoiceLabels.totalAmount().candidates(pages),
                InvoiceParties.subtotal(order).candidates(pages), InvoiceParties.tax(order).candidates(pages));
        Optional<LabelledValue> total = amounts.total();
        total.ifPresent(value -> fields.add(value.toField("total_amount", ExtractedField.TEMPLATE)));
        currency(pages, total).ifPresent(fields::add);
        VendorNameFinder.find(pages, "vendor_name").ifPresent(fields::add);
        read(InvoiceLabels.iban(), pages, "iban").or(() -> unlabelledIban(pages))
                .or(() -> read(InvoiceLabels.ibanWithoutChecksum(), pages, "iban")
                        .map(iban -> iban.lessSure(IBAN_FAILING_CHECKSUM)))
                .ifPresent(fields::add);
        Optional<ExtractedField> subtotal = amounts.subtotal().map(value -> value.toField("subtotal_amount", ExtractedField.TEMPLATE));
        Optional<ExtractedField> tax = amounts.tax();
        subtotal.ifPresent(fields::add);
        tax.ifPresent(fields::add);
        InvoiceParties.taxRate(pages, tax, subtotal).ifPresent(fields::add);
        InvoiceParties.vendorVatId(pages).ifPresent(fields::add);
        InvoiceParties.buyerName(pages).ifPresent(fields::add);
        InvoiceParties.purchaseOrder(pages).ifPresent(fields::add);
        fields.addAll(LineItems.from(tables, order));
        return fields;
    }

    private static Optional<ExtractedField> read(LabelledValueReader reader, List<PageText> pages, String name) {
        return reader.best(pages).map(value -> value.toField(name, ExtractedField.TEMPLATE));
    }

    /** The currency written with the total, else the one the document names most often. */
    private static Optional<ExtractedField> currency(List<PageText> pages, Optional<LabelledValue> total) {
        if (total.isPresent()) {
            LabelledValue value = total.get();
            Optional<String> code = CurrencyCodes.in(value.site().segment().text());
            if (code.isPresent()) {
                return Optional.of(new ExtractedField("currency", code.get(), value.raw(), "string",
                        Math.min(0.95, value.confidence()), ExtractedField.TEMPLATE, value.site().page(),
                        value.site().boxOf(value.value())));
            }
        }
        return CurrencyCodes.mostFrequentIn(PageText.textsOf(pages)).map(code -> new ExtractedField("currency", code, code,
                "string", 0.6, ExtractedField.TEMPLATE, firstPageNaming(pages, code), null));
    }

    private static int firstPageNaming(List<PageText> pages, String code) {
        return pages.stream().filter(page -> CurrencyCodes.names(page.text(), code)).findFirst()
                .or(() -> pages.stream().findFirst()).map(PageText::pageNumber).orElse(0);
    }

    private static Optional<ExtractedField> unlabelledIban(List<PageText> pages) {
        for (PageText page : pages) {
            Optional<ParsedValue> iban = IbanParser.find(page.text());
            if (iban.isPresent()) {
                ParsedValue value = iban.get();
                return Optional.of(new ExtractedField("iban", value.value(), value.rawIn(page.text()), "iban",
                        IBAN_WITHOUT_LABEL, ExtractedField.TEMPLATE, page.pageNumber(),
                        page.boxOf(value.start(), value.end())));
            }
        }
        return Optional.empty();
    }
}
