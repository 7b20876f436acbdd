package org.docex.extraction.control.review;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.docex.errors.UnprocessableException;
import org.docex.extraction.control.values.ValueType;
import org.junit.jupiter.api.Test;

class TypedValuesTest {

    @Test
    void eachTypeTakesTheFormTheApiWrites() {
        assertTrue(TypedValues.fits(ValueType.MONEY, "1234.50"));
        assertTrue(TypedValues.fits(ValueType.MONEY, "-12"));
        assertFalse(TypedValues.fits(ValueType.MONEY, "1.234,50"));
        assertFalse(TypedValues.fits(ValueType.MONEY, "seven hundred"));
        assertFalse(TypedValues.fits(ValueType.MONEY, "1E+400000000"));
        assertTrue(TypedValues.fits(ValueType.DATE, "2024-02-29"));
        assertFalse(TypedValues.fits(ValueType.DATE, "2023-02-29"));
        assertFalse(TypedValues.fits(ValueType.DATE, "29.02.2024"));
        assertTrue(TypedValues.fits(ValueType.IBAN, "DE89 3704 0044 0532 0130 00"));
        assertFalse(TypedValues.fits(ValueType.IBAN, "DE88 3704 0044 0532 0130 00"));
        assertTrue(TypedValues.fits(ValueType.EMAIL, "billing@acme.example"));
        assertFalse(TypedValues.fits(ValueType.EMAIL, "billing@acme.example, other@acme.example"));
        assertTrue(TypedValues.fits(ValueType.NUMBER, "2.5"));
        assertTrue(TypedValues.fits(ValueType.STRING, "anything at all"));
        assertTrue(TypedValues.fits(ValueType.MONEY, ""), "an emptied field");
    }

    @Test
    void theExtractionsTypeComesFirstThenTheTemplatesForTheName() {
        Map<String, String> extracted = Map.of("total", "money", "invoice_date", "string");
        assertEquals(Optional.of(ValueType.MONEY), TypedValues.typeOf("total", extracted));
        assertEquals(Optional.of(ValueType.STRING), TypedValues.typeOf("invoice_date", extracted));
        assertEquals(Optional.of(ValueType.DATE), TypedValues.typeOf("due_date", extracted));
        assertEquals(Optional.of(ValueType.MONEY), TypedValues.typeOf("line_items.12.unit_price", extracted));
        assertEquals(Optional.empty(), TypedValues.typeOf("line_items.12.description", extracted));
        assertEquals(Optional.empty(), TypedValues.typeOf("notes", extracted));
    }

    @Test
    void aRefusalNamesEveryFieldAndRemovalsAreNotChecked() {
        Map<String, String> edits = new LinkedHashMap<>();
        edits.put("total_amount", "abc");
        edits.put("due_date", "soon");
        edits.put("iban", null);
        edits.put("notes", "whatever");
        UnprocessableException refused = assertThrows(UnprocessableException.class,
                () -> TypedValues.check(FieldEdits.of(edits), Map.of()));
        assertEquals("fields: not a valid value for the field's type: total_amount (an amount such as 1234.50), "
                + "due_date (a date such as 2026-03-31)", refused.getMessage());

        Map<String, String> many = new HashMap<>();
        for (int i = 1; i <= 12; i++) {
            many.put("line_items." + i + ".amount", "x");
        }
        String message = assertThrows(UnprocessableException.class, () -> TypedValues.check(FieldEdits.of(many), Map.of())).getMessage();
        assertTrue(message.endsWith(" and 2 more"), message);
        assertDoesNotThrow(() -> TypedValues.check(FieldEdits.of(Map.of("total_amount", "12.00")), Map.of()));
    }
}
