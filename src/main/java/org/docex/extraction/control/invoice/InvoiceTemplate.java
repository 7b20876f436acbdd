package org.docex.extraction.control.invoice;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.keyvalue.LabelledValue;
import org.docex.extraction.control.table.Table;
import org.docex.extraction.control.keyvalue.LabelledValueReader;
import org.docex.extraction.control.text.PageText;
import org.docex.extraction.control.values.CurrencyCodes;
import org.docex.extraction.control.values.DollarCountries;
import org.docex.extraction.control.values.DateOrder;
import org.docex.extraction.control.values.IbanParser;
import org.docex.extraction.control.values.ParsedValue;
import org.docex.extraction.control.values.ValueType;

/**
 * Reads invoice_number, invoice_date, due_date, total_amount, currency, vendor_name and iban, then
 * subtotal_amount, tax_amount, tax_rate, vendor_vat_id, buyer_name, purchase_order and the line
 * items of the item tables.
 */
public final class InvoiceTemplate {

    /** The invoice fields the template reads where an invoice shows them (line items come as {@code line_items.<n>.<column>}). */
    public static final List<String> FIELDS = List.of("invoice_number", "invoice_date", "due_date", "vendor_name",
            "vendor_vat_id", "buyer_name", "iban", "currency", "subtotal_amount", "tax_amount", "tax_rate", "total_amount",
            "purchase_order");
    /** The type of each field's values, as the API writes them. */
    public static final Map<String, ValueType> FIELD_TYPES = Map.ofEntries(
            Map.entry("invoice_number", ValueType.STRING), Map.entry("purchase_order", ValueType.STRING),
            Map.entry("vendor_name", ValueType.STRING), Map.entry("buyer_name", ValueType.STRING),
            Map.entry("vendor_vat_id", ValueType.STRING), Map.entry("currency", ValueType.STRING),
            Map.entry("invoice_date", ValueType.DATE), Map.entry("due_date", ValueType.DATE),
            Map.entry("total_amount", ValueType.MONEY), Map.entry("subtotal_amount", ValueType.MONEY),
            Map.entry("tax_amount", ValueType.MONEY), Map.entry("tax_rate", ValueType.NUMBER),
            Map.entry("iban", ValueType.IBAN));
    /** The type of a line item's cells by column ({@code line_items.<n>.<column>}); descriptions and units are text. */
    public static final Map<String, ValueType> LINE_ITEM_TYPES = Map.of("quantity", ValueType.NUMBER,
            "unit_price", ValueType.MONEY, "amount", ValueType.MONEY, "tax_rate", ValueType.NUMBER);
    /** The prefix of the line items' field names. */
    public static final String LINE_ITEMS = "line_items.";

    static final double IBAN_WITHOUT_LABEL = 0.75;
    private static final Pattern GSTIN = Pattern.compile("\\d{2}[A-Z]{5}\\d{4}[A-Z][0-9A-Z]Z[0-9A-Z]");
    /** A labelled IBAN whose checksum fails is reported, for a reviewer to see, with little confidence (and a failed check). */
    static final double IBAN_FAILING_CHECKSUM = 0.3;
    private static final double MARKED_WITH_TOTAL = 0.95;
    private static final double SHARED_SIGN = 0.8;
    /** Type under this share of a page's body type is small print. */
    private static final double SMALL_PRINT = 0.5;

    private InvoiceTemplate() {
    }

    public static List<ExtractedField> extract(List<PageText> pages, List<Table> tables, DateOrder order) {
        List<ExtractedField> fields = new ArrayList<>();
        // A number alone under the title outranks one after a loose label ("Reference  PO-4471").
        read(InvoiceLabels.invoiceNumberClearlyLabelled(), pages, "invoice_number").or(() -> TitleColumn.invoiceNumber(pages))
                .or(() -> read(InvoiceLabels.invoiceNumberLooselyLabelled(), pages, "invoice_number")).ifPresent(fields::add);
        invoiceDate(pages, order).ifPresent(fields::add);
        read(InvoiceLabels.dueDate(order), pages, "due_date").ifPresent(fields::add);
        List<LabelledValue> subtotals = new ArrayList<>(InvoiceParties.subtotal().candidates(pages));
        List<LabelledValue> taxes = new ArrayList<>(InvoiceParties.tax().candidates(pages));
        for (TaxRows.Row row : TaxRows.on(pages)) {
            subtotals.add(row.net());
            taxes.add(row.tax());
        }
        Totals.Chosen amounts = Totals.withTotalBelowItsParts(Totals.choose(InvoiceLabels.totalAmount().candidates(pages),
                subtotals, taxes, pages), pages);
        Optional<LabelledValue> total = amounts.total();
        total.ifPresent(value -> fields.add(value.toField("total_amount", ExtractedField.TEMPLATE)));
        Optional<ExtractedField> iban = read(InvoiceLabels.iban(), pages, "iban").or(() -> unlabelledIban(pages))
                .or(() -> read(InvoiceLabels.ibanWithoutChecksum(), pages, "iban")
                        .map(found -> found.lessSure(IBAN_FAILING_CHECKSUM)));
        VendorEvidence evidence = VendorEvidence.of(pages);
        Optional<ExtractedField> layoutVendor = evidence.reconsider(VendorNameFinder.find(pages, "vendor_name"));
        // The letterhead and the vendor's block are where the layout found the vendor, not where its name is written out.
        Optional<ExtractedField> vendor = evidence.spelledOut(layoutVendor);
        Optional<ExtractedField> vatId = InvoiceParties.vendorVatId(pages, layoutVendor);
        currency(pages, total, country(vatId, iban)).ifPresent(fields::add);
        vendor.ifPresent(fields::add);
        iban.ifPresent(fields::add);
        Optional<ExtractedField> subtotal = amounts.subtotal().map(value -> value.toField("subtotal_amount", ExtractedField.TEMPLATE));
        Optional<ExtractedField> tax = amounts.tax();
        subtotal.ifPresent(fields::add);
        tax.ifPresent(fields::add);
        InvoiceParties.taxRate(pages, tax, subtotal).ifPresent(fields::add);
        vatId.ifPresent(fields::add);
        InvoiceParties.buyerName(pages, layoutVendor, evidence).ifPresent(fields::add);
        InvoiceParties.purchaseOrder(pages).ifPresent(fields::add);
        fields.addAll(LineItems.from(tables, order));
        return fields;
    }

    /**
     * The labelled invoice date, else the date of the letter's place-and-date line ("München, den
     * 01.11.2024"), else the best-scored date of an item table's rows under its "Date" head (a folio's
     * rows are dated by night). A labelled date in small print (under half the page's body type: a print
     * run's "Datum: 30.10.2024 Zeit: 04:59:13" under the footer) is the print's, taken only where
     * nothing else dates the invoice.
     */
    static Optional<ExtractedField> invoiceDate(List<PageText> pages, DateOrder order) {
        LabelledValueReader reader = InvoiceLabels.invoiceDate(order);
        List<LabelledValue> candidates = reader.candidates(pages);
        Map<Integer, Double> bodyType = new HashMap<>();
        List<LabelledValue> smallPrint = candidates.stream().filter(candidate -> isSmallPrint(candidate, pages, bodyType)).toList();
        List<LabelledValue> rows = candidates.stream().filter(candidate -> !smallPrint.contains(candidate))
                .filter(candidate -> ItemRowDates.isOne(candidate, pages, order)).toList();
        List<LabelledValue> body = candidates.stream().filter(candidate -> !smallPrint.contains(candidate) && !rows.contains(candidate))
                .toList();
        return reader.bestOf(body).map(value -> value.toField("invoice_date", ExtractedField.TEMPLATE))
                .or(() -> PlaceAndDate.find(pages, order, "invoice_date"))
                .or(() -> reader.bestOf(rows).map(value -> value.toField("invoice_date", ExtractedField.TEMPLATE)))
                .or(() -> reader.bestOf(smallPrint).map(value -> value.toField("invoice_date", ExtractedField.TEMPLATE)));
    }

    /** Whether the value is in type under {@link #SMALL_PRINT} of its page's body type (each page's measured once, in {@code bodyType}). */
    private static boolean isSmallPrint(LabelledValue value, List<PageText> pages, Map<Integer, Double> bodyType) {
        int page = value.site().page();
        if (page < 1 || page > pages.size()) {
            return false;
        }
        double body = bodyType.computeIfAbsent(page, number -> FirstPageLines.bodyFontSize(pages.get(number - 1)));
        return value.site().segment().fontSize() < SMALL_PRINT * body;
    }

    private static Optional<ExtractedField> read(LabelledValueReader reader, List<PageText> pages, String name) {
        return reader.best(pages).map(value -> value.toField(name, ExtractedField.TEMPLATE));
    }

    /**
     * The vendor's country, as its VAT id's prefix, an Indian GSTIN or the IBAN's country says:
     * the currency to assume where the document names none by a word.
     */
    static Optional<String> country(Optional<ExtractedField> vatId, Optional<ExtractedField> iban) {
        Optional<String> fromVatId = vatId.map(ExtractedField::value).flatMap(id -> GSTIN.matcher(id).matches() ? Optional.of("IN")
                : id.length() > 2 && Character.isLetter(id.charAt(0)) && Character.isLetter(id.charAt(1))
                ? Optional.of(id.substring(0, 2)) : Optional.empty());
        return fromVatId.or(() -> iban.map(ExtractedField::value).filter(value -> value.length() > 2).map(value -> value.substring(0, 2)));
    }

    /**
     * The currency written with the total as a code or an unambiguous sign ("EUR", "€"); else the
     * one a label names ("Moneda: MXN"); else the one the document names most often by a code or
     * word; else the total's "$" or "¥" (which many currencies write); else the vendor's country's;
     * else the sign seen most often. Signs come late because OCR makes "$", "£" and "€" out of other marks.
     */
    private static Optional<ExtractedField> currency(List<PageText> pages, Optional<LabelledValue> total, Optional<String> country) {
        Optional<ExtractedField> unambiguous = total.flatMap(value -> currencyWith(value, CurrencyCodes::unambiguousIn, MARKED_WITH_TOTAL));
        if (unambiguous.isPresent()) {
            return unambiguous;
        }
        Optional<ExtractedField> labelled = read(InvoiceLabels.currency(), pages, "currency");
        if (labelled.isPresent()) {
            return labelled;
        }
        List<String> texts = PageText.textsOf(pages);
        Optional<String> worded = CurrencyCodes.mostFrequentWordIn(texts);
        if (worded.isPresent()) {
            return worded.map(code -> new ExtractedField("currency", code, code, "string", 0.6, ExtractedField.TEMPLATE,
                    firstPageNaming(pages, code), null));
        }
        // "$" and "¥" are written by several currencies (USD, CAD, AUD, MXN, CLP; JPY, CNY): likely, never sure.
        // A "$" names the dollar of the country an address shows ("Redmond WA 98052", "Sydney NSW 2000"), else none.
        Optional<ExtractedField> withTotal = total.flatMap(value -> currencyWith(value, CurrencyCodes::in, SHARED_SIGN))
                .flatMap(field -> dollarAsShown(field, texts));
        if (withTotal.isPresent()) {
            return withTotal;
        }
        Optional<String> national = country.flatMap(CurrencyCodes::ofCountry);
        if (national.isPresent()) {
            return national.map(code -> new ExtractedField("currency", code, null, "string", 0.5, ExtractedField.TEMPLATE,
                    firstPageNaming(pages, code), null));
        }
        return CurrencyCodes.mostFrequentIn(texts).map(code -> new ExtractedField("currency", code, code,
                "string", 0.55, ExtractedField.TEMPLATE, firstPageNaming(pages, code), null))
                .flatMap(field -> dollarAsShown(field, texts));
    }

    /** A currency read from "$" (USD) as the dollar an address shows, or none where no address shows one. */
    private static Optional<ExtractedField> dollarAsShown(ExtractedField field, List<String> texts) {
        if (!field.value().equals("USD")) {
            return Optional.of(field);
        }
        // Only a document whose currency rests on "$" is searched for addresses.
        return DollarCountries.dollarOf(texts).map(code -> new ExtractedField(field.name(), code, field.raw(), field.type(), field.confidence(),
                field.source(), field.page(), field.bbox()));
    }

    /** The currency marked beside the total's amount. */
    private static Optional<ExtractedField> currencyWith(LabelledValue total, Function<String, Optional<String>> mark, double most) {
        return mark.apply(total.site().segment().text()).map(code -> new ExtractedField("currency", code, total.raw(), "string",
                Math.min(most, total.confidence()), ExtractedField.TEMPLATE, total.site().page(),
                total.site().boxOf(total.value())));
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
