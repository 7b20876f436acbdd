package org.docex.extraction.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.docex.extraction.control.table.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Item tables whose header is incomplete, as OCR leaves them. */
class ItemTableTest {

    @TempDir
    Path dir;

    @Test
    void numbersBetweenTheDescriptionAndThePriceAreQuantitiesWhenTheirHeadingIsMissing() throws Exception {
        TestPdf pdf = TestPdf.create().page();
        pdf.text("Description", 50, 100, TestPdf.HELVETICA_BOLD, 9).text("Unit price", 360, 100, TestPdf.HELVETICA_BOLD, 9)
                .text("Amount", 510, 100, TestPdf.HELVETICA_BOLD, 9);
        String[][] rows = {{"Printer paper A4", "10", "4.50", "45.00"}, {"Toner cartridge", "", "59.00", "59.00"},
            {"Stapler", "2.5", "8.00", "20.00"}};
        for (int r = 0; r < rows.length; r++) {
            pdf.text(rows[r][0], 50, 116 + r * 14).text(rows[r][2], 360, 116 + r * 14).text(rows[r][3], 510, 116 + r * 14);
            if (!rows[r][1].isEmpty()) {
                pdf.text(rows[r][1], 300, 116 + r * 14);
            }
        }

        ExtractionResult result = new DocumentExtractor(ExtractionLimits.defaults())
                .extract(pdf.save(dir, "items.pdf"), Template.INVOICE, List.of(), ProgressListener.NONE);

        Table table = result.tables().get(0);
        assertEquals(4, table.columns().size(), table.toString());
        Map<String, String> fields = result.fields().stream()
                .collect(Collectors.toMap(ExtractedField::name, ExtractedField::value, (a, b) -> a));
        assertEquals("10", fields.get("line_items.1.quantity"));
        assertEquals("4.50", fields.get("line_items.1.unit_price"));
        assertEquals(null, fields.get("line_items.2.quantity"));
        assertEquals("59.00", fields.get("line_items.2.unit_price"));
        assertEquals("2.5", fields.get("line_items.3.quantity"));
        assertEquals("20.00", fields.get("line_items.3.amount"));
    }

    @Test
    void aTableRunningOntoTheNextPageSaysSoAndItsLinesCountOn() throws Exception {
        InvoiceSpec spec = LineItemInvoiceSet.all().stream().filter(candidate -> candidate.items().size() >= 27)
                .findFirst().orElseThrow();

        ExtractionResult result = new DocumentExtractor(ExtractionLimits.defaults())
                .extract(InvoiceRenderer.render(spec, dir), Template.INVOICE, List.of(), ProgressListener.NONE);

        List<Table> tables = result.tables();
        assertEquals(2, tables.size(), tables.toString());
        assertEquals(List.of(1, 2), tables.stream().map(Table::page).toList());
        assertEquals(List.of(true, false), tables.stream().map(Table::continuesOnNextPage).toList());
        assertEquals(List.of(false, true), tables.stream().map(Table::continuedFromPreviousPage).toList());
        assertEquals(spec.items().size(), tables.get(0).body().size() + tables.get(1).body().size());
        String last = "line_items." + spec.items().size() + ".description";
        assertEquals(spec.items().get(spec.items().size() - 1).description(), result.fields().stream()
                .filter(field -> field.name().equals(last)).findFirst().orElseThrow().value());
    }
}
