package org.docex.extraction.control;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.util.List;
import org.apache.pdfbox.pdmodel.font.PDFont;

/** Draws a generated invoice as a one-page A4 PDF, block by block. */
final class InvoiceRenderer {

    private static final double LEFT = 50;
    private static final double RIGHT = 545;
    private static final BigDecimal VAT_FACTOR = new BigDecimal("1.19");

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
        renderer.itemsTable();
        renderer.totalsBlock();
        renderer.footer();
        return renderer.pdf.save(directory, spec.id() + ".pdf");
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
                text(words.title(), LEFT, 245, TestPdf.HELVETICA_BOLD, 16);
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
        List<String[]> rows = java.util.Arrays.asList(
                new String[] {words.number(), spec.number()},
                new String[] {words.date(), date(spec.date())},
                spec.due() == null ? null : new String[] {words.due(), date(spec.due())},
                new String[] {words.customerNumber(), String.valueOf(10100 + Math.floorMod(spec.id().hashCode(), 900))},
                new String[] {words.orderNumber(), "PO-" + (4711 + spec.wording())},
                new String[] {words.deliveryDate(), date(spec.date().minusDays(3))})
                .stream().filter(java.util.Objects::nonNull).toList();
        switch (spec.metaLayout()) {
            case COLON -> rowsWithColons(rows, 340, 165);
            case COLUMNS -> rowsInColumns(rows, 330, 455, 165);
            case BELOW -> rowsAsHeaderAndValues(rows.subList(0, Math.min(4, rows.size())), 280);
            case INLINE -> rowsInline(rows, 330, 165);
        }
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
        List<String> header = words.tableHeader();
        text(header.get(0), LEFT, y, TestPdf.HELVETICA_BOLD, 9);
        text(header.get(1), 300, y, TestPdf.HELVETICA_BOLD, 9);
        text(header.get(2), 360, y, TestPdf.HELVETICA_BOLD, 9);
        pdf.rightAligned(header.get(3), RIGHT, y, TestPdf.HELVETICA_BOLD, 9);
        BigDecimal net = net();
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

    private void totalsBlock() {
        BigDecimal net = net();
        String[][] rows = {
            {words.subtotal(), InvoiceFormats.money(net, spec, spec.wording() % 2 == 0)},
            {words.tax(), InvoiceFormats.money(spec.total().subtract(net), spec, spec.wording() % 2 == 0)},
            {words.total(), InvoiceFormats.money(spec.total(), spec, spec.wording() % 2 == 0)},
        };
        double y = 400;
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
        text(words.thanks(), LEFT, 480);
    }

    private void footer() {
        double y = 770;
        if (spec.vendorPlacement() == InvoiceSpec.VendorPlacement.SENDER_LINE) {
            text(spec.vendor() + " · " + street() + " · " + city(), LEFT, y - 12, TestPdf.HELVETICA, 8);
        }
        String bank = spec.language() == InvoiceSpec.Language.EN ? "Bank: Northern Trust" : "Bank: Sparkasse Hannover";
        text(bank + " · Tel. +49 30 1234567", LEFT, y, TestPdf.HELVETICA, 8);
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

    private BigDecimal net() {
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

    private String date(java.time.LocalDate date) {
        return InvoiceFormats.date(date, spec.dateStyle());
    }

    private void text(String text, double x, double y) {
        text(text, x, y, TestPdf.HELVETICA, 10);
    }

    private void text(String text, double x, double y, PDFont font, float size) {
        pdf.text(text, x, y, font, size);
    }
}
