package org.docex.extraction.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.docex.extraction.control.table.Cell;
import org.docex.extraction.control.table.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tables drawn as grids of rules are found from the rules, whatever their columns are called. */
class RuledTableTest {

    private static final double[] COLUMNS = {50, 170, 330, 450};
    private static final double ROW = 20;

    @TempDir
    Path dir;

    private final DocumentExtractor extractor = new DocumentExtractor(ExtractionLimits.defaults());

    @Test
    void aGridOfRulesIsATableWithItsCellsInRowsAndColumns() throws Exception {
        TestPdf pdf = TestPdf.create().page();
        pdf.text("Site visits, March", 50, 80, TestPdf.HELVETICA_BOLD, 12);
        String[][] rows = {
            {"Date", "Location", "Engineer"},
            {"2026-03-02", "Hamburg, Hafenstraße 12", "K. Weber"},
            {"2026-03-09", "Bremen", "A. Novak"},
            {"2026-03-16", "Kiel (two days, with", "K. Weber"},
        };
        grid(pdf, 100, rows);
        pdf.text("night shift)", COLUMNS[1] + 4, 100 + 3 * ROW + 26, TestPdf.HELVETICA, 10);
        pdf.text("Signed off by the site manager.", 50, 100 + rows.length * ROW + 40, TestPdf.HELVETICA, 10);

        ExtractionResult result = extractor.extract(pdf.save(dir, "visits.pdf"), Template.GENERIC, List.of(), ProgressListener.NONE);

        assertEquals(1, result.tables().size(), result.tables().toString());
        Table table = result.tables().get(0);
        assertEquals(1, table.page());
        assertEquals(1, table.headerRows());
        assertEquals(List.of("Date", "Location", "Engineer"), texts(table.rows().get(0)));
        assertEquals(List.of("2026-03-02", "Hamburg, Hafenstraße 12", "K. Weber"), texts(table.rows().get(1)));
        assertEquals(List.of("2026-03-16", "Kiel (two days, with night shift)", "K. Weber"), texts(table.rows().get(3)));
        assertEquals(4, table.rows().size());
        assertEquals(COLUMNS[0], table.bbox().x0(), 1.0);
        assertEquals(COLUMNS[3], table.bbox().x1(), 1.0);
        assertTrue(table.rows().get(2).get(1).bbox().x0() > COLUMNS[1], "a cell's box lies in its column");
        // The table's cells are no key-value pairs.
        assertFalse(result.fields().stream().anyMatch(field -> field.name().equals("date") || field.name().equals("location")),
                result.fields().toString());
    }

    @Test
    void aFrameAroundTextOrALoneUnderlineIsNoTable() throws Exception {
        TestPdf pdf = TestPdf.create().page();
        pdf.text("Terms and conditions apply.", 60, 110, TestPdf.HELVETICA, 10);
        pdf.line(50, 90, 300, 90).line(50, 130, 300, 130).line(50, 90, 50, 130).line(300, 90, 300, 130);
        pdf.text("Signature", 60, 200, TestPdf.HELVETICA, 10);
        pdf.line(50, 210, 250, 210);

        ExtractionResult result = extractor.extract(pdf.save(dir, "frame.pdf"), Template.GENERIC, List.of(), ProgressListener.NONE);

        assertTrue(result.tables().isEmpty(), result.tables().toString());
    }

    @Test
    void anItemTableDrawnAsAGridIsReportedOnce() throws Exception {
        TestPdf pdf = TestPdf.create().page();
        String[][] rows = {
            {"Description", "Qty", "Amount"},
            {"Printer paper A4", "10", "45.00"},
            {"Toner cartridge", "2", "118.00"},
        };
        grid(pdf, 100, rows);

        ExtractionResult result = extractor.extract(pdf.save(dir, "items.pdf"), Template.INVOICE, List.of(), ProgressListener.NONE);

        assertEquals(1, result.tables().size(), result.tables().toString());
        assertTrue(result.fields().stream().anyMatch(field -> field.name().equals("line_items.2.amount")
                && field.value().equals("118.00")), result.fields().toString());
    }

    private static void grid(TestPdf pdf, double top, String[][] rows) {
        for (int r = 0; r < rows.length; r++) {
            for (int c = 0; c < rows[r].length; c++) {
                pdf.text(rows[r][c], COLUMNS[c] + 4, top + r * ROW + 14, r == 0 ? TestPdf.HELVETICA_BOLD : TestPdf.HELVETICA, 10);
            }
        }
        // The last row is twice as high: its text runs over two lines.
        double bottom = top + rows.length * ROW + ROW;
        for (int r = 0; r <= rows.length; r++) {
            double y = r == rows.length ? bottom : top + r * ROW;
            pdf.line(COLUMNS[0], y, COLUMNS[COLUMNS.length - 1], y);
        }
        for (double x : COLUMNS) {
            pdf.line(x, top, x, bottom);
        }
    }

    private static List<String> texts(List<Cell> row) {
        return row.stream().map(Cell::text).toList();
    }
}
