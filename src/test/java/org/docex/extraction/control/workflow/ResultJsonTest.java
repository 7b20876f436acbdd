package org.docex.extraction.control.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Map;
import org.docex.extraction.control.BoundingBox;
import org.docex.extraction.control.CustomField;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.ExtractionResult;
import org.docex.extraction.control.PageResult;
import org.docex.extraction.control.PageSource;
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
