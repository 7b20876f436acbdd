package org.docex.extraction.control.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.docex.extraction.entity.FieldChange;
import org.docex.extraction.entity.FieldChangesConverter;
import org.docex.extraction.entity.FieldValues;
import org.junit.jupiter.api.Test;

class FieldChangesTest {

    @Test
    void changedAndRemovedFieldsInTheirOrderThenAddedOnes() {
        Map<String, String> after = new LinkedHashMap<>();
        after.put("added_first", "a");
        after.put("invoice_number", "INV-1");
        after.put("total", "13.00");
        after.put("added_last", "z");

        List<FieldChange> changes = FieldChanges.between(FieldEditsTest.invoice(), FieldValues.of(after));

        assertEquals(List.of(new FieldChange("total", "12.50", "13.00"),
                new FieldChange("iban", "DE89370400440532013000", null),
                new FieldChange("added_first", null, "a"),
                new FieldChange("added_last", null, "z")), changes);
    }

    @Test
    void noDifferenceNoChanges() {
        assertEquals(List.of(), FieldChanges.between(FieldEditsTest.invoice(), FieldEditsTest.invoice()));
        assertEquals(List.of(), FieldChanges.between(FieldValues.NONE, FieldValues.NONE));
    }

    @Test
    void theTrailKeepsTwoHundredCharactersOfAValueAndSaysSo() {
        String before = "€".repeat(150) + "a".repeat(5000);
        String after = "€".repeat(150) + "a".repeat(5000) + "b";

        List<FieldChange> changes = FieldChanges.between(FieldValues.of(Map.of("note", before)), FieldValues.of(Map.of("note", after)));

        FieldChange change = changes.get(0);
        assertEquals("€".repeat(150) + "a".repeat(50), change.from());
        assertEquals(change.from(), change.to(), "they differ only past the bound");
        assertTrue(change.truncated());
        assertEquals(changes, new FieldChangesConverter().convertToEntityAttribute(new FieldChangesConverter().convertToDatabaseColumn(changes)));
        assertFalse(FieldChange.of("note", "short", "a".repeat(200)).truncated(), "200 characters are kept whole");
        assertTrue(FieldChange.of("note", null, "a".repeat(201)).truncated());
    }

    @Test
    void changesAreStoredAndReadBackAsJson() {
        List<FieldChange> changes = List.of(new FieldChange("total", "12.50", "13.00"), new FieldChange("iban", "DE89", null),
                new FieldChange("note \"quoted\"", null, "line\nbreak"));
        FieldChangesConverter converter = new FieldChangesConverter();
        String json = converter.convertToDatabaseColumn(changes);
        assertEquals(changes, converter.convertToEntityAttribute(json));
        assertEquals("{\"field\":\"iban\",\"from\":\"DE89\",\"to\":null}",
                json.substring(json.indexOf("{\"field\":\"iban\""), json.indexOf("null}") + 5));
    }
}
