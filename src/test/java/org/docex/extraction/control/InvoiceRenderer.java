package org.docex.extraction.control;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.docex.extraction.control.InvoiceSpec.Item;

/**
 * Draws a generated invoice as an A4 PDF, block by block. An invoice without items is one page
 * with a fixed two-row table; one with items prints them as a table (with rules if asked) that
 * continues on further pages, header repeated, when a row would fall below y = 720,
 * and its totals below the table's last row. The footer stays on the first page.
 */
final class InvoiceRenderer {

    private static final double LEFT = 50;
    private static final double RIGHT = 545;
    private static final BigDecimal VAT_FACTOR = new BigDecimal("1.19");
    private static final double TABLE_TOP = 350;
    private static final double CONTINUED_TOP = 80;
    private static final double LOWEST_ROW = 720;
    private static final double ROW_PITCH = 14;
    private static final double TOTALS_GAP = 20;
    private static final double THANKS_GAP = 50;
    /** The thanks line must stay above the first page's footer. */
    private static final double LOWEST_THANKS_ON_FIRST_PAGE = 745;
    /** Table edges and the lines between description, quantity, unit price and amount. */
    private static final double[] COLUMN_RULES = {45, 295, 355, 440, 550};
    private static final String PHONE = " · Tel. +49 30 1234567";

    private final InvoiceSpec spec;
    private final InvoiceWording words;
    private final TestPdf pdf = TestPdf.create().page();

    private InvoiceRenderer(InvoiceSpec spec) {
        this.spec = spec;
        this.words = new InvoiceWording(spec.language(), spec.wording());
    }

    static Path render(InvoiceSpec spec, Path directory) {
        InvoiceRenderer renderer = new InvoiceRenderer(spec);
        renderer.vendorBlock();
        renderer.recipientBlock();
        renderer.metaBlock();
        if (spec.hasItems()) {
            renderer.footer();
            renderer.itemisedBody();
        } else {
            renderer.itemsTable();
            renderer.totalsBlock(400, 480);
            renderer.footer();
        }
        return renderer.pdf.save(directory, spec.id() + ".pdf");
    }

    /**
     * What the invoice prints as label and value outside its items table: the meta block, the
     * recipient and issuer labels, the totals and the footer's bank details. Labels as printed
     * without a trailing colon, values as printed.
     */
    static Map<String, String> printedPairs(InvoiceSpec spec) {
        InvoiceWording words = new InvoiceWording(spec.language(), spec.wording());
        Map<String, String> pairs = new LinkedHashMap<>();
        List<String[]> meta = metaRows(spec, words);
        (spec.metaLayout() == InvoiceSpec.MetaLayout.BELOW && !spec.hasItems() ? meta.subList(0, Math.min(4, meta.size()))
                : meta).forEach(row -> pairs.put(row[0], row[1]));
        if (spec.vendorPlacement() != InvoiceSpec.VendorPlacement.SENDER_LINE) {
            pairs.put(withoutColon(words.billTo()), spec.customer());
        }
        if (spec.vendorPlacement() == InvoiceSpec.VendorPlacement.FROM_LABEL) {
            pairs.put(withoutColon(words.from()), spec.vendor());
        }
        for (String[] row : totalsRows(spec, words)) {
            pairs.put(row[0], row[1]);
        }
        pairs.put("Bank", bank(spec).substring("Bank: ".length()) + PHONE);
        pairs.put("Tel.", PHONE.substring(" · Tel. ".length()));
        if (spec.iban() != null && spec.wording() % 3 == 0) {
            pairs.put("IBAN", InvoiceFormats.groupedIban(spec.iban()) + " · BIC: COBADEFFXXX");
        } else if (spec.iban() != null && spec.wording() % 3 == 1) {
            pairs.put("IBAN", spec.iban());
        }
        if (spec.iban() != null && spec.wording() % 3 != 1) {
            pairs.put("BIC", "COBADEFFXXX");
        }
        return pairs;
    }

    private static String withoutColon(String label) {
        return label.endsWith(":") ? label.substring(0, label.length() - 1) : label;
    }

    private void vendorBlock() {
        switch (spec.vendorPlacement()) {
            case HEADING -> {
                text(spec.vendor(), LEFT, 70, TestPdf.HELVETICA_BOLD, 18);
                address(LEFT, 88, 9);
                text(words.title(), 420, 70, TestPdf.HELVETICA_BOLD, 14);
            }
            case FROM_LABEL -> {
                text(words.from(), LEFT, 70, TestPdf.HELVETICA_BOLD, 10);
                text(spec.vendor(), LEFT, 84, TestPdf.HELVETICA, 10);
                address(LEFT, 96, 10);
                text(words.title(), 380, 75, TestPdf.HELVETICA_BOLD, 22);
            }
            case TITLE_BIGGER -> {
                text(words.title(), LEFT, 75, TestPdf.HELVETICA_BOLD, 24);
                pdf.rightAligned(spec.vendor(), RIGHT, 70, TestPdf.HELVETICA_BOLD, 13);
                pdf.rightAligned(street(), RIGHT, 84, TestPdf.HELVETICA, 9);
                pdf.rightAligned(city(), RIGHT, 96, TestPdf.HELVETICA, 9);
            }
            case SENDER_LINE -> {
                text(spec.vendor() + " · " + street() + " · " + city(), LEFT, 140, TestPdf.HELVETICA, 7);
                // An itemised invoice's meta block has one row more, reaching down to the title's line.
                text(words.title(), LEFT, spec.hasItems() ? 265 : 245, TestPdf.HELVETICA_BOLD, 16);
            }
            case PLAIN_FIRST_LINE -> {
                text(spec.vendor(), LEFT, 60, TestPdf.HELVETICA, 10);
                address(LEFT, 72, 10);
                text(words.title(), LEFT, 120, TestPdf.HELVETICA_BOLD, 12);
            }
        }
    }

    private void recipientBlock() {
        double y = spec.vendorPlacement() == InvoiceSpec.VendorPlacement.SENDER_LINE ? 155 : 160;
        if (spec.vendorPlacement() != InvoiceSpec.VendorPlacement.SENDER_LINE) {
            text(words.billTo(), LEFT, y, TestPdf.HELVETICA_BOLD, 10);
            y += 13;
        }
        text(spec.customer(), LEFT, y, TestPdf.HELVETICA, 10);
        text(spec.language() == InvoiceSpec.Language.EN ? "42 Market Street" : "Lindenallee 7", LEFT, y + 12);
        text(spec.language() == InvoiceSpec.Language.EN ? "Springfield, IL 62701" : "80331 München", LEFT, y + 24);
    }

    private void metaBlock() {
        List<String[]> rows = metaRows(spec, words);
        switch (spec.metaLayout()) {
            case COLON -> rowsWithColons(rows, 340, 165);
            case COLUMNS -> rowsInColumns(rows, 330, 455, 165);
            case BELOW -> {
                if (spec.hasItems()) {
                    for (int start = 0; start < rows.size(); start += 4) {
                        rowsAsHeaderAndValues(rows.subList(start, Math.min(start + 4, rows.size())), 280 + start / 4 * 30);
                    }
                } else {
                    rowsAsHeaderAndValues(rows.subList(0, Math.min(4, rows.size())), 280);
                }
            }
            case INLINE -> rowsInline(rows, 330, 165);
        }
    }

    /** Label and value of each meta row; an invoice with items adds the vendor's VAT id. */
    private static List<String[]> metaRows(InvoiceSpec spec, InvoiceWording words) {
        List<String[]> rows = new ArrayList<>(Arrays.asList(
                new String[] {words.number(), spec.number()},
                new String[] {words.date(), date(spec, spec.date())},
                spec.due() == null ? null : new String[] {words.due(), date(spec, spec.due())},
                new String[] {words.customerNumber(), spec.customerNumber()},
                new String[] {words.orderNumber(), spec.purchaseOrder()},
                new String[] {words.deliveryDate(), date(spec, spec.date().minusDays(3))}));
        if (spec.hasItems()) {
            rows.add(new String[] {words.vatId(), spec.vendorVatId()});
        }
        return rows.stream().filter(Objects::nonNull).toList();
    }

    private void rowsWithColons(List<String[]> rows, double x, double y) {
        for (int i = 0; i < rows.size(); i++) {
            text(rows.get(i)[0] + ": " + rows.get(i)[1], x, y + i * 14);
        }
    }

    private void rowsInColumns(List<String[]> rows, double labelX, double valueX, double y) {
        for (int i = 0; i < rows.size(); i++) {
            text(rows.get(i)[0], labelX, y + i * 14, TestPdf.HELVETICA_BOLD, 9);
            text(rows.get(i)[1], valueX, y + i * 14);
        }
    }

    private void rowsAsHeaderAndValues(List<String[]> rows, double y) {
        for (int i = 0; i < rows.size(); i++) {
            double x = LEFT + i * 125;
            text(rows.get(i)[0], x, y, TestPdf.HELVETICA_BOLD, 9);
            text(rows.get(i)[1], x, y + 13);
        }
    }

    private void rowsInline(List<String[]> rows, double x, double y) {
        for (int i = 0; i < rows.size(); i++) {
            text(rows.get(i)[0] + " " + rows.get(i)[1], x, y + i * 14);
        }
    }

    private void itemsTable() {
        double y = 330;
        headerRow(y);
        BigDecimal net = net(spec);
        BigDecimal first = net.multiply(new BigDecimal("0.6")).setScale(2, RoundingMode.HALF_UP);
        BigDecimal[] amounts = {first, net.subtract(first)};
        for (int i = 0; i < amounts.length; i++) {
            double rowY = y + 16 + i * 14;
            text(words.items().get(i), LEFT, rowY);
            text(String.valueOf(i + 1), 300, rowY);
            text(InvoiceFormats.amount(amounts[i].divide(BigDecimal.valueOf(i + 1), 2, RoundingMode.HALF_UP),
                    spec.numberStyle()), 360, rowY);
            pdf.rightAligned(InvoiceFormats.amount(amounts[i], spec.numberStyle()), RIGHT, rowY, TestPdf.HELVETICA, 10);
        }
    }

    /** The items, header repeated on each page, then the totals below the last row. */
    private void itemisedBody() {
        double y = itemRows() + TOTALS_GAP;
        if (pdf.document.getNumberOfPages() == 1 && y + THANKS_GAP > LOWEST_THANKS_ON_FIRST_PAGE) {
            pdf.page();
            y = CONTINUED_TOP;
        }
        totalsBlock(y, y + THANKS_GAP);
    }

    /** Draws the header and one row per item, on as many pages as it takes; returns the last row's y. */
    private double itemRows() {
        double top = TABLE_TOP;
        double y = headerRow(top);
        double last = top;
        for (Item item : spec.items()) {
            if (y > LOWEST_ROW) {
                columnRules(top, last);
                pdf.page();
                top = CONTINUED_TOP;
                y = headerRow(top);
            }
            itemRow(item, y);
            last = y;
            y += ROW_PITCH;
        }
        columnRules(top, last);
        return last;
    }

    /** Draws the column headings with their baseline at y; returns the first row's baseline. */
    private double headerRow(double y) {
        List<String> header = words.tableHeader();
        text(header.get(0), LEFT, y, TestPdf.HELVETICA_BOLD, 9);
        text(header.get(1), 300, y, TestPdf.HELVETICA_BOLD, 9);
        text(header.get(2), 360, y, TestPdf.HELVETICA_BOLD, 9);
        pdf.rightAligned(header.get(3), RIGHT, y, TestPdf.HELVETICA_BOLD, 9);
        rule(y - 10);
        rule(y + 5);
        return y + 16;
    }

    private void itemRow(Item item, double y) {
        text(item.description(), LEFT, y);
        text(quantity(item.quantity()), 300, y);
        text(InvoiceFormats.amount(item.unitPrice(), spec.numberStyle()), 360, y);
        pdf.rightAligned(InvoiceFormats.amount(item.amount(), spec.numberStyle()), RIGHT, y, TestPdf.HELVETICA, 10);
        rule(y + 4);
    }

    /** A whole number as is, a fraction with one decimal written with the number style's decimal sign. */
    private String quantity(BigDecimal quantity) {
        String plain = quantity.stripTrailingZeros().toPlainString();
        boolean decimalComma = spec.numberStyle() == InvoiceSpec.NumberStyle.GERMAN
                || spec.numberStyle() == InvoiceSpec.NumberStyle.SPACED;
        return decimalComma ? plain.replace('.', ',') : plain;
    }

    private void rule(double y) {
        if (spec.ruled()) {
            pdf.line(COLUMN_RULES[0], y, COLUMN_RULES[COLUMN_RULES.length - 1], y);
        }
    }

    /** The vertical rules of one page's part of the table, from above its header to below its last row. */
    private void columnRules(double headerY, double lastRowY) {
        if (spec.ruled()) {
            for (double x : COLUMN_RULES) {
                pdf.line(x, headerY - 10, x, lastRowY + 4);
            }
        }
    }

    /** Label and printed amount of subtotal, tax and total. */
    private static String[][] totalsRows(InvoiceSpec spec, InvoiceWording words) {
        BigDecimal net = spec.hasItems() ? spec.subtotal() : net(spec);
        BigDecimal tax = spec.hasItems() ? spec.tax() : spec.total().subtract(net);
        boolean symbolFirst = spec.wording() % 2 == 0;
        return new String[][] {
            {words.subtotal(), InvoiceFormats.money(net, spec, symbolFirst)},
            {spec.hasItems() ? words.taxWithRate() : words.tax(), InvoiceFormats.money(tax, spec, symbolFirst)},
            {words.total(), InvoiceFormats.money(spec.total(), spec, symbolFirst)},
        };
    }

    private void totalsBlock(double y, double thanksY) {
        String[][] rows = totalsRows(spec, words);
        for (int i = 0; i < rows.length; i++) {
            boolean last = i == rows.length - 1;
            PDFont font = last ? TestPdf.HELVETICA_BOLD : TestPdf.HELVETICA;
            switch (spec.totalsLayout()) {
                case COLUMNS -> {
                    text(rows[i][0], 360, y + i * 15, font, 10);
                    pdf.rightAligned(rows[i][1], RIGHT, y + i * 15, font, 10);
                }
                case COLON -> text(rows[i][0] + ": " + rows[i][1], 330, y + i * 15, font, 10);
                case BELOW -> {
                    text(rows[i][0], 300 + i * 85, y, TestPdf.HELVETICA_BOLD, 9);
                    text(rows[i][1], 300 + i * 85, y + 14, font, last ? 12 : 10);
                }
            }
        }
        text(words.thanks(), LEFT, thanksY);
    }

    private void footer() {
        double y = 770;
        if (spec.vendorPlacement() == InvoiceSpec.VendorPlacement.SENDER_LINE) {
            text(spec.vendor() + " · " + street() + " · " + city(), LEFT, y - 12, TestPdf.HELVETICA, 8);
        }
        text(bank(spec) + PHONE, LEFT, y, TestPdf.HELVETICA, 8);
        if (spec.iban() == null) {
            return;
        }
        switch (spec.wording() % 3) {
            case 0 -> text("IBAN: " + InvoiceFormats.groupedIban(spec.iban()) + " · BIC: COBADEFFXXX", LEFT, y + 12,
                    TestPdf.HELVETICA, 8);
            case 1 -> {
                text("IBAN", LEFT, y + 12, TestPdf.HELVETICA_BOLD, 8);
                text(spec.iban(), 110, y + 12, TestPdf.HELVETICA, 8);
            }
            default -> text("Please transfer to " + InvoiceFormats.groupedIban(spec.iban()) + " BIC COBADEFFXXX",
                    LEFT, y + 12, TestPdf.HELVETICA, 8);
        }
    }

    private static String bank(InvoiceSpec spec) {
        return spec.language() == InvoiceSpec.Language.EN ? "Bank: Northern Trust" : "Bank: Sparkasse Hannover";
    }

    private static BigDecimal net(InvoiceSpec spec) {
        return spec.total().divide(VAT_FACTOR, 2, RoundingMode.HALF_UP);
    }

    private void address(double x, double y, float size) {
        text(street(), x, y, TestPdf.HELVETICA, size);
        text(city(), x, y + size + 2, TestPdf.HELVETICA, size);
    }

    private String street() {
        return spec.language() == InvoiceSpec.Language.EN ? "1200 Harbour Road" : "Hafenstraße 12";
    }

    private String city() {
        return spec.language() == InvoiceSpec.Language.EN ? "Bristol BS1 4DJ" : "20457 Hamburg";
    }

    private static String date(InvoiceSpec spec, LocalDate date) {
        return InvoiceFormats.date(date, spec.dateStyle());
    }

    private void text(String text, double x, double y) {
        text(text, x, y, TestPdf.HELVETICA, 10);
    }

    private void text(String text, double x, double y, PDFont font, float size) {
        pdf.text(text, x, y, font, size);
    }
}
