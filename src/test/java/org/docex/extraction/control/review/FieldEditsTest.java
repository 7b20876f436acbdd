package org.docex.extraction.control.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.docex.errors.UnprocessableException;
import org.docex.extraction.entity.FieldValues;
import org.junit.jupiter.api.Test;

class FieldEditsTest {

    @Test
    void valuesReplaceNullsRemoveAndNewNamesComeLast() {
        JsonObject fields = Json.createObjectBuilder()
                .add("total", "13.00").addNull("iban").add("po_number", "PO-1").build();

        FieldValues merged = FieldEdits.from(fields).applyTo(invoice());

        assertEquals(List.of("invoice_number", "total", "po_number"), List.copyOf(merged.asMap().keySet()));
        assertEquals("13.00", merged.get("total").orElseThrow());
        assertEquals("PO-1", merged.get("po_number").orElseThrow());
        assertTrue(merged.get("iban").isEmpty());
    }

    @Test
    void noFieldsLeaveTheBaseAsItIs() {
        assertEquals(invoice(), FieldEdits.from(null).applyTo(invoice()));
        assertEquals(invoice(), FieldEdits.from(JsonValue.NULL).applyTo(invoice()));
        assertEquals(invoice(), FieldEdits.from(JsonValue.EMPTY_JSON_OBJECT).applyTo(invoice()));
        assertEquals(FieldValues.NONE, FieldEdits.from(Json.createObjectBuilder().addNull("unknown").build()).applyTo(FieldValues.NONE));
    }

    @Test
    void namesHaveOneToAHundredCharactersAndAreNotBlank() {
        FieldEdits.of(Map.of("n".repeat(100), "x", "\uD83D\uDE00".repeat(100), "emoji count as one character each"));
        assertRefused("a field name must have 1 to 100", Map.of("n".repeat(101), "x"));
        assertRefused("a field name must have 1 to 100", Map.of("", "x"));
        assertRefused("a field name must have 1 to 100", Map.of("   ", "x"));
    }

    @Test
    void valuesHaveAtMostTenThousandCharacters() {
        FieldEdits.of(Map.of("notes", "v".repeat(10_000)));
        assertRefused("the value of 'notes' is longer than 10000 characters", Map.of("notes", "v".repeat(10_001)));
    }

    @Test
    void valuesAreStringsOrNull() {
        for (JsonValue value : List.of(Json.createValue(12), JsonValue.TRUE, JsonValue.EMPTY_JSON_OBJECT, JsonValue.EMPTY_JSON_ARRAY)) {
            UnprocessableException refused = assertThrows(UnprocessableException.class,
                    () -> FieldEdits.from(Json.createObjectBuilder().add("total", value).build()));
            assertEquals("fields: the value of 'total' must be a string or null", refused.getMessage());
        }
        assertThrows(UnprocessableException.class, () -> FieldEdits.from(Json.createValue("total=12")));
        assertThrows(UnprocessableException.class, () -> FieldEdits.from(JsonValue.EMPTY_JSON_ARRAY));
    }

    @Test
    void aRequestEditsAtMostAThousandFields() {
        FieldEdits.of(numbered(1000, 0));
        assertRefused("at most 1000 fields per request", numbered(1001, 0));
    }

    @Test
    void aDraftGrowsToAtMostAThousandFields() {
        FieldValues full = FieldValues.of(numbered(1000, 0));
        assertEquals(1000, FieldEdits.of(Map.of("field-1", "changed")).applyTo(full).size());
        UnprocessableException refused = assertThrows(UnprocessableException.class,
                () -> FieldEdits.of(Map.of("one-more", "x")).applyTo(full));
        assertEquals("fields: a draft holds at most 1000 fields", refused.getMessage());
    }

    @Test
    void aLargerExtractionMayStillBeChangedAndShrunk() {
        FieldValues extracted = FieldValues.of(numbered(1500, 0));
        Map<String, String> edits = new HashMap<>();
        edits.put("field-1", null);
        edits.put("field-2", "changed");
        assertEquals(1499, FieldEdits.of(edits).applyTo(extracted).size());
    }

    private static void assertRefused(String detail, Map<String, String> edits) {
        UnprocessableException refused = assertThrows(UnprocessableException.class, () -> FieldEdits.of(edits));
        assertTrue(refused.getMessage().contains(detail), refused.getMessage());
    }

    private static Map<String, String> numbered(int count, int from) {
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = from; i < from + count; i++) {
            values.put("field-" + i, "value " + i);
        }
        return values;
    }

    static FieldValues invoice() {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("invoice_number", "INV-1");
        values.put("total", "12.50");
        values.put("iban", "DE89370400440532013000");
        return FieldValues.of(values);
    }
}
