package org.docex.extraction.control.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Map;
import org.docex.extraction.control.BoundingBox;
import org.docex.extraction.control.CustomField;
import org.docex.extraction.control.EInvoiceSummary;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.ExtractionResult;
import org.docex.extraction.control.PageResult;
import org.docex.extraction.control.PageSource;
import org.docex.extraction.control.table.Cell;
import org.docex.extraction.control.table.ColumnKind;
import org.docex.extraction.control.table.Table;
import org.docex.extraction.control.text.TextLine;
import org.docex.extraction.control.text.TextToken;
import org.junit.jupiter.api.Test;

class ResultJsonTest {

    @Test
    void resultsAreStoredInTheContractsShape() {
        JsonObject json = ResultJson.read(ResultJson.write(invoiceResult()));

        assertEquals("2", json.getJsonObject("metadata").getString("page_count"));
        JsonObject page = json.getJsonArray("pages").getJsonObject(0);
        assertEquals(1, page.getInt("number"));
        assertEquals(595.28, page.getJsonNumber("width").doubleValue());
        assertEquals(90, page.getInt("rotation"));
        assertEquals("Invoice No.: INV-2026-001", page.getString("text"));
        assertTrue(page.getBoolean("has_text_layer"));
        assertEquals("text_layer", page.getString("source"));
        assertTrue(page.isNull("ocr"));
        assertEquals(List.of("a warning"), json.getJsonArray("warnings").getValuesAs(jakarta.json.JsonString::getString));

        JsonObject field = json.getJsonArray("fields").getJsonObject(0);
        assertEquals("total_amount", field.getString("name"));
        assertEquals("1234.56", field.getString("value"));
        assertEquals("1,234.56 EUR", field.getString("raw"));
        assertEquals("money", field.getString("type"));
        assertEquals(0.9, field.getJsonNumber("confidence").doubleValue());
        assertEquals("template", field.getString("source"));
        assertEquals(2, field.getInt("page"));
        JsonArray box = field.getJsonArray("bbox");
        assertEquals(List.of(10.12, 20.0, 30.5, 40.0), box.getValuesAs(v -> ((jakarta.json.JsonNumber) v).doubleValue()));
    }

    @Test
    void missingValuesAndBoxesAreNull() {
        ExtractionResult result = new ExtractionResult(Map.of(),
                List.of(new PageResult(1, 10, 10, 0, "", false, PageSource.NONE, List.of())),
                List.of(new ExtractedField("signature", null, null, "string", 0.0, "acroform", 1, null)), List.of());
        JsonObject field = ResultJson.read(ResultJson.write(result)).getJsonArray("fields").getJsonObject(0);
        assertTrue(field.isNull("value"));
        assertTrue(field.isNull("bbox"));
        assertTrue(ResultJson.read(ResultJson.write(result)).getJsonObject("metadata").isNull("e_invoice"));
    }

    @Test
    void anEInvoiceIsDescribedAsAnObjectInTheMetadata() {
        ExtractionResult result = new ExtractionResult(Map.of("page_count", "1"), List.of(), List.of(), List.of(), List.of(),
                List.of(), new EInvoiceSummary("zugferd", "CII", "comfort", "urn:ferd:CrossIndustryDocument:invoice:1p0:comfort",
                        "credit_note", "381"));
        JsonObject metadata = ResultJson.read(ResultJson.write(result)).getJsonObject("metadata");
        assertEquals("1", metadata.getString("page_count"));
        JsonObject eInvoice = metadata.getJsonObject("e_invoice");
        assertEquals("zugferd", eInvoice.getString("format"));
        assertEquals("CII", eInvoice.getString("syntax"));
        assertEquals("comfort", eInvoice.getString("profile"));
        assertEquals("urn:ferd:CrossIndustryDocument:invoice:1p0:comfort", eInvoice.getString("specification_id"));
        assertEquals("credit_note", eInvoice.getString("document_type"));
        assertEquals("381", eInvoice.getString("type_code"));
    }

    @Test
    void tablesChecksAndOcrPagesAreStoredInTheContractsShape() {
        PageSource scanned = PageSource.ocr(new PageSource.OcrInfo("tesseract", "eng+deu", 300, 0.91234));
        Table table = new Table(1, new BoundingBox(50, 100, 500, 160), 1, List.of(ColumnKind.DESCRIPTION, ColumnKind.AMOUNT),
                List.of(List.of(new Cell("Item", new BoundingBox(50, 100, 200, 112)), new Cell("Amount", null)),
                        List.of(new Cell("Consulting \"A\"", new BoundingBox(50, 120, 200, 132)),
                                new Cell("1,000.00", new BoundingBox(400, 120, 500, 132)))),
                true, false);
        ExtractionResult result = new ExtractionResult(Map.of(), List.of(new PageResult(1, 612, 792, 0, "Item Amount", false,
                scanned, List.of())), List.of(), List.of(), List.of(new org.docex.extraction.control.Check("totals_add_up", "fail",
                "net 10.00 + tax 1.90 is not 12.00")), List.of(table));

        JsonObject json = ResultJson.read(ResultJson.write(result));

        JsonObject ocr = json.getJsonArray("pages").getJsonObject(0).getJsonObject("ocr");
        assertEquals("tesseract", ocr.getString("engine"));
        assertEquals("eng+deu", ocr.getString("languages"));
        assertEquals(300, ocr.getInt("dpi"));
        assertEquals(0.912, ocr.getJsonNumber("mean_confidence").doubleValue());
        assertEquals("ocr", json.getJsonArray("pages").getJsonObject(0).getString("source"));
        JsonObject check = json.getJsonArray("checks").getJsonObject(0);
        assertEquals(List.of("totals_add_up", "fail", "net 10.00 + tax 1.90 is not 12.00"),
                List.of(check.getString("name"), check.getString("status"), check.getString("detail")));
        JsonObject stored = json.getJsonArray("tables").getJsonObject(0);
        assertEquals(1, stored.getInt("page"));
        assertEquals(List.of(50.0, 100.0, 500.0, 160.0), numbers(stored.getJsonArray("bbox")));
        assertEquals(1, stored.getInt("header_rows"));
        assertEquals(List.of("description", "amount"), stored.getJsonArray("columns").getValuesAs(jakarta.json.JsonString::getString));
        JsonArray rows = stored.getJsonArray("rows");
        assertTrue(rows.getJsonArray(0).getJsonObject(1).isNull("bbox"));
        assertEquals("Consulting \"A\"", rows.getJsonArray(1).getJsonObject(0).getString("text"));
        assertEquals(List.of(400.0, 120.0, 500.0, 132.0), numbers(rows.getJsonArray(1).getJsonObject(1).getJsonArray("bbox")));
        assertTrue(stored.getBoolean("continues_on_next_page"));
        assertEquals(false, stored.getBoolean("continued_from_previous_page"));
    }

    @Test
    void pageDetailsHoldEachLineWithItsBoxAndLowestConfidence() {
        TextLine line = new TextLine(List.of(new TextToken("Total", new BoundingBox(10, 20, 40, 30), 10, 0, 0.97),
                new TextToken("12.00", new BoundingBox(45, 20, 80, 30), 10, 6, 0.8126)));
        ExtractionResult result = new ExtractionResult(Map.of(), List.of(new PageResult(1, 595.28, 841.89, 0, "Total 12.00",
                true, PageSource.TEXT_LAYER, List.of(line))), List.of(), List.of());

        List<String> details = ResultJson.pageDetails(result);

        assertEquals(1, details.size());
        JsonObject page = ResultJson.read(details.get(0));
        assertEquals(List.of("number", "width", "height", "source", "text", "lines"), List.copyOf(page.keySet()));
        assertEquals(595.28, page.getJsonNumber("width").doubleValue());
        JsonObject stored = page.getJsonArray("lines").getJsonObject(0);
        assertEquals("Total 12.00", stored.getString("text"));
        assertEquals(List.of(10.0, 20.0, 80.0, 30.0), numbers(stored.getJsonArray("bbox")));
        assertEquals(0.813, stored.getJsonNumber("confidence").doubleValue());
    }

    @Test
    void storedTextKeepsItsNumberFormat() {
        // Stored page details are served as they are: whole decimals keep their point (612.0, not
        // 612), boxes keep two places and confidences three, as they always were.
        TextLine line = new TextLine(List.of(new TextToken("x", new BoundingBox(1.004, 2, 3.5, 4.126), 10, 0, 0.8126)));
        ExtractionResult result = new ExtractionResult(Map.of(), List.of(new PageResult(1, 612, 792, 0, "x", true,
                PageSource.TEXT_LAYER, List.of(line))), List.of(), List.of());

        assertEquals("{\"number\":1,\"width\":612.0,\"height\":792.0,\"source\":\"text_layer\",\"text\":\"x\","
                + "\"lines\":[{\"text\":\"x\",\"bbox\":[1.0,2.0,3.5,4.13],\"confidence\":0.813}]}", ResultJson.pageDetails(result).get(0));
    }

    private static List<Double> numbers(JsonArray array) {
        return array.getValuesAs(v -> ((jakarta.json.JsonNumber) v).doubleValue());
    }

    @Test
    void customFieldsSurviveTheRoundTrip() {
        List<CustomField> fields = List.of(new CustomField("order", "Order (\\d+)", null, "number"),
                new CustomField("iban", null, "IBAN", null));
        assertEquals(fields, CustomFieldsJson.read(CustomFieldsJson.write(fields)));
        assertEquals(null, CustomFieldsJson.write(List.of()));
        assertEquals(List.of(), CustomFieldsJson.read(null));
    }

    private static ExtractionResult invoiceResult() {
        return new ExtractionResult(Map.of("page_count", "2"),
                List.of(new PageResult(1, 595.28, 841.89, 90, "Invoice No.: INV-2026-001", true, PageSource.TEXT_LAYER,
                        List.of())),
                List.of(new ExtractedField("total_amount", "1234.56", "1,234.56 EUR", "money", 0.9, "template", 2,
                        new BoundingBox(30.5, 40, 10.123, 20))), List.of("a warning"));
    }
}
