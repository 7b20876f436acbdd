package org.docex.extraction.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Item tables whose items stand in groups under headings ("Hardware", "Services"): the headings are
 * no items and no part of an item's description, while a description over two lines stays one.
 */
class LineItemGroupsTest {

    private static final double ROW = 14;

    @TempDir
    Path dir;

    private final DocumentExtractor extractor = new DocumentExtractor(ExtractionLimits.defaults());

    @Test
    void boldHeadingsOverGroupsOfItemsAreNeitherItemsNorDescriptions() throws Exception {
        TestPdf pdf = TestPdf.create().page();
        heads(pdf, 100);
        double y = 100 + ROW;
        pdf.text("Hardware", 50, y, TestPdf.HELVETICA_BOLD, 9);
        y = item(pdf, y + ROW, "Laptop 14 inch", "1", "900.00", "900.00");
        pdf.text("with docking station", 50, y + ROW, TestPdf.HELVETICA, 9);
        y = item(pdf, y + 2 * ROW, "Wireless mouse", "2", "10.00", "20.00");
        pdf.text("Services", 50, y + ROW, TestPdf.HELVETICA_BOLD, 9);
        item(pdf, y + 2 * ROW, "Installation", "3", "50.00", "150.00");

        Map<String, String> items = items(pdf.save(dir, "groups.pdf"));

        assertEquals("Laptop 14 inch with docking station", items.get("line_items.1.description"), items.toString());
        assertEquals("Wireless mouse", items.get("line_items.2.description"), items.toString());
        assertEquals("Installation", items.get("line_items.3.description"), items.toString());
        assertEquals("150.00", items.get("line_items.3.amount"), items.toString());
        assertEquals(12, items.size(), items.toString());
    }

    @Test
    void aHeadingInARowOfItsOwnBetweenRulesIsNoItemWhateverItsFace() throws Exception {
        TestPdf pdf = TestPdf.create().page();
        heads(pdf, 100);
        String[][] rows = {{"Printer paper A4", "10", "4.50", "45.00"}, {"Consumables", "", "", ""},
            {"Toner cartridge", "2", "59.00", "118.00"}};
        double top = 104;
        for (int r = 0; r < rows.length; r++) {
            double y = top + (r + 1) * 18;
            pdf.line(45, y - 13, 560, y - 13);
            item(pdf, y, rows[r][0], rows[r][1], rows[r][2], rows[r][3]);
        }
        pdf.line(45, top + 4 * 18 - 13, 560, top + 4 * 18 - 13);

        Map<String, String> items = items(pdf.save(dir, "ruled.pdf"));

        assertEquals("Printer paper A4", items.get("line_items.1.description"), items.toString());
        assertEquals("Toner cartridge", items.get("line_items.2.description"), items.toString());
        assertEquals("118.00", items.get("line_items.2.amount"), items.toString());
        assertEquals(8, items.size(), items.toString());
    }

    private static void heads(TestPdf pdf, double y) {
        pdf.text("Description", 50, y, TestPdf.HELVETICA_BOLD, 9).text("Qty", 300, y, TestPdf.HELVETICA_BOLD, 9)
                .text("Unit price", 380, y, TestPdf.HELVETICA_BOLD, 9).text("Amount", 510, y, TestPdf.HELVETICA_BOLD, 9);
    }

    private static double item(TestPdf pdf, double y, String description, String quantity, String price, String amount) {
        pdf.text(description, 50, y, TestPdf.HELVETICA, 9);
        if (!quantity.isEmpty()) {
            pdf.text(quantity, 300, y, TestPdf.HELVETICA, 9).text(price, 380, y, TestPdf.HELVETICA, 9).text(amount, 510, y, TestPdf.HELVETICA, 9);
        }
        return y;
    }

    private Map<String, String> items(Path file) throws Exception {
        ExtractionResult result = extractor.extract(file, Template.INVOICE, List.of(), ProgressListener.NONE);
        return result.fields().stream().filter(field -> field.name().startsWith("line_items."))
                .collect(Collectors.toMap(ExtractedField::name, ExtractedField::value, (a, b) -> a, TreeMap::new));
    }
}
