package org.docex.extraction.control.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.Map;
import org.docex.errors.UnprocessableException;
import org.docex.extraction.entity.FieldValues;
import org.junit.jupiter.api.Test;

class CsvExportTest {

    @Test
    void aHeaderThenOneLineEachWithCrLf() {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("invoice_number", "INV-1");
        fields.put("total", "12.50");
        assertEquals("\"field\",\"value\"\r\n\"invoice_number\",\"INV-1\"\r\n\"total\",\"12.50\"\r\n", CsvExport.of(FieldValues.of(fields)));
        assertEquals("\"field\",\"value\"\r\n", CsvExport.of(FieldValues.NONE));
    }

    @Test
    void cellsWithCommasQuotesOrLineBreaksAreQuotedWithInnerQuotesDoubled() {
        assertEquals("\"ACME, Inc.\"", CsvExport.cell("ACME, Inc."));
        assertEquals("\"the \"\"best\"\" offer\"", CsvExport.cell("the \"best\" offer"));
        assertEquals("\"line one\nline two\"", CsvExport.cell("line one\nline two"));
        assertEquals("\"line one\r\nline two\"", CsvExport.cell("line one\r\nline two"));
        assertEquals("\"plain text\"", CsvExport.cell("plain text"));
        assertEquals("\"\"", CsvExport.cell(""));
    }

    @Test
    void cellsThatStartLikeAFormulaAreShownAsText() {
        assertEquals("\"'=cmd|' /C calc'!A0\"", CsvExport.cell("=cmd|' /C calc'!A0"));
        assertEquals("\"'+SUM(A1:A2)\"", CsvExport.cell("+SUM(A1:A2)"));
        assertEquals("\"'-2+3\"", CsvExport.cell("-2+3"));
        assertEquals("\"'@SUM(1)\"", CsvExport.cell("@SUM(1)"));
        assertEquals("\"'\t=1\"", CsvExport.cell("\t=1"));
        assertEquals("\"'\r=1\"", CsvExport.cell("\r=1"));
        assertEquals("\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"", CsvExport.cell("=HYPERLINK(\"http://x\",\"y\")"));
    }

    @Test
    void aLeadingNulAndEveryPartAfterASemicolonAreNeutralisedToo() {
        assertEquals("\"'\0=1+1\"", CsvExport.cell("\0=1+1"));
        assertEquals("\"1;'=2+3\"", CsvExport.cell("1;=2+3"));
        assertEquals("\"a;'@x;'+y;-4\"", CsvExport.cell("a;@x;+y;-4"));
    }

    @Test
    void plainNumbersStayNumbers() {
        assertEquals("\"-12.50\"", CsvExport.cell("-12.50"));
        assertEquals("\"+3\"", CsvExport.cell("+3"));
        assertEquals("\"'-\"", CsvExport.cell("-"));
        assertEquals("\"'-1e5\"", CsvExport.cell("-1e5"));
    }

    @Test
    void namesAreProtectedLikeValues() {
        assertEquals("\"field\",\"value\"\r\n\"'=1+1\",\"a,b\"\r\n", CsvExport.of(FieldValues.of(Map.of("=1+1", "a,b"))));
    }

    @Test
    void formatsAreJsonByDefaultOrCsv() {
        assertEquals(ExportFormat.JSON, ExportFormat.named(null));
        assertEquals(ExportFormat.JSON, ExportFormat.named("json"));
        assertEquals(ExportFormat.CSV, ExportFormat.named("csv"));
        assertEquals("format: must be json or csv", assertThrows(UnprocessableException.class, () -> ExportFormat.named("xml")).getMessage());
        assertThrows(UnprocessableException.class, () -> ExportFormat.named(""));
    }
}
