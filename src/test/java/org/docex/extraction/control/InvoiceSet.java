package org.docex.extraction.control;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.docex.extraction.control.InvoiceSpec.DateStyle;
import org.docex.extraction.control.InvoiceSpec.Language;
import org.docex.extraction.control.InvoiceSpec.MetaLayout;
import org.docex.extraction.control.InvoiceSpec.NumberStyle;
import org.docex.extraction.control.InvoiceSpec.TotalsLayout;
import org.docex.extraction.control.InvoiceSpec.VendorPlacement;

/**
 * A fixed, varied set of invoices: English and German, every vendor placement, meta layout and
 * totals layout, several number and date formats, some without due date or IBAN. Layout
 * choices cycle with different periods so that combinations differ from invoice to invoice.
 */
final class InvoiceSet {

    static final int SIZE = 30;

    private static final List<String> ENGLISH_VENDORS = List.of("Acme Widgets Ltd", "Blue River Consulting LLC",
            "Brightside Design", "Greenfield Supplies Inc.", "Northwind Traders plc", "Harbor & Pine Studio");
    private static final List<String> GERMAN_VENDORS = List.of("Nordlicht Software GmbH", "Bäckerei Müller KG",
            "Schmidt & Partner GbR", "Atelier Sonnenschein", "Alpine Tools AG", "Hafenkontor Hamburg GmbH & Co. KG");
    private static final List<String> ENGLISH_CUSTOMERS = List.of("Customer Corp Ltd", "Globex Corporation");
    private static final List<String> GERMAN_CUSTOMERS = List.of("Kunde Handels GmbH", "Müller Logistik AG");
    private static final List<String> IBANS = List.of("DE89370400440532013000", "GB82WEST12345698765432",
            "CH9300762011623852957", "AT611904300234573201", "NL91ABNA0417164300", "FR1420041010050500013M02606",
            "GB33BUKB20201555555555", "BE68539007547034");
    private static final List<DateStyle> ENGLISH_DATES = List.of(DateStyle.US, DateStyle.GB, DateStyle.ISO,
            DateStyle.LONG_EN, DateStyle.US_LONG, DateStyle.SHORT_EN);
    private static final List<DateStyle> GERMAN_DATES = List.of(DateStyle.DOTTED, DateStyle.DE_LONG, DateStyle.ISO);

    private InvoiceSet() {
    }

    static List<InvoiceSpec> all() {
        Random random = new Random(20261121L);
        List<InvoiceSpec> specs = new ArrayList<>();
        for (int i = 0; i < SIZE; i++) {
            specs.add(invoice(i, random, "invoice"));
        }
        return specs;
    }

    /** Invoice {@code i} of a set, English for even {@code i}, its id {@code prefix-NN-lang}. */
    static InvoiceSpec invoice(int i, Random random, String prefix) {
        return i % 2 == 0 ? english(i, random, prefix) : german(i, random, prefix);
    }

    private static InvoiceSpec english(int i, Random random, String prefix) {
        DateStyle dates = ENGLISH_DATES.get((i / 2) % ENGLISH_DATES.size());
        String currency = switch (dates) {
            case US, US_LONG -> "USD";
            case GB, SHORT_EN -> "GBP";
            default -> "EUR";
        };
        NumberStyle numbers = (i / 2) % 3 == 2 ? NumberStyle.PLAIN : NumberStyle.US;
        return spec(i, random, prefix, Language.EN, ENGLISH_VENDORS, ENGLISH_CUSTOMERS, dates, currency, numbers);
    }

    private static InvoiceSpec german(int i, Random random, String prefix) {
        DateStyle dates = GERMAN_DATES.get((i / 2) % GERMAN_DATES.size());
        boolean swiss = i % 7 == 3;
        NumberStyle numbers = swiss ? NumberStyle.SWISS
                : List.of(NumberStyle.GERMAN, NumberStyle.SPACED, NumberStyle.GERMAN, NumberStyle.PLAIN).get((i / 2) % 4);
        return spec(i, random, prefix, Language.DE, GERMAN_VENDORS, GERMAN_CUSTOMERS, dates, swiss ? "CHF" : "EUR", numbers);
    }

    private static InvoiceSpec spec(int i, Random random, String prefix, Language language, List<String> vendors,
                                    List<String> customers, DateStyle dates, String currency, NumberStyle numbers) {
        LocalDate date = LocalDate.of(2026, 1, 1).plusDays(random.nextInt(330));
        LocalDate due = i % 7 == 5 ? null : date.plusDays(List.of(14, 30, 10).get(i % 3));
        BigDecimal total = BigDecimal.valueOf(5_000 + random.nextInt(2_500_000), 2);
        return new InvoiceSpec(String.format("%s-%02d-%s", prefix, i, language.name().toLowerCase()), language,
                vendors.get((i / 2) % vendors.size()), customers.get(i % customers.size()),
                VendorPlacement.values()[i % VendorPlacement.values().length],
                MetaLayout.values()[(i / 3) % MetaLayout.values().length],
                TotalsLayout.values()[i % TotalsLayout.values().length], i / 2, invoiceNumber(i, random), date, due,
                total, currency, i % 6 == 4 ? null : IBANS.get(i % IBANS.size()), numbers, dates);
    }

    private static String invoiceNumber(int i, Random random) {
        int n = 100 + random.nextInt(9_000);
        return switch (i % 5) {
            case 0 -> "INV-2026-" + n;
            case 1 -> "2026-" + n;
            case 2 -> "RE" + n;
            case 3 -> String.valueOf(40_000 + n);
            default -> "A-" + n + "/26";
        };
    }
}
