package org.docex.extraction.control.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.ExtractionResult;
import org.junit.jupiter.api.Test;

class InvoiceIdentityTest {

    @Test
    void theSameInvoiceReadTwiceFoldsToTheSameIdentity() {
        InvoiceIdentity scan = identity(Map.of("invoice_number", "RE-2026/0042", "total_amount", "1345.89",
                "vendor_vat_id", "DE 123 456 789")).orElseThrow();
        InvoiceIdentity pdf = identity(Map.of("invoice_number", "re 2026 0042", "total_amount", "1345.890",
                "vendor_vat_id", "DE123456789", "vendor_name", "Hafenkontor GmbH")).orElseThrow();
        assertEquals("RE20260042", scan.invoiceNumber());
        assertEquals("1345.89", scan.total());
        assertTrue(pdf.sameAs(scan));
        // No vendor read on one side: the number and the total decide.
        assertTrue(identity(Map.of("invoice_number", "RE-2026-0042", "total_amount", "1345.89")).orElseThrow().sameAs(scan));
        // Two vendors that differ are two invoices, as are two totals.
        assertFalse(identity(Map.of("invoice_number", "RE-2026-0042", "total_amount", "1345.89", "vendor_vat_id", "FR40303265045"))
                .orElseThrow().sameAs(scan));
        assertFalse(identity(Map.of("invoice_number", "RE-2026-0042", "total_amount", "1345.88")).orElseThrow().sameAs(scan));
    }

    @Test
    void withoutANumberOrATotalThereIsNothingToCompare() {
        assertEquals(Optional.empty(), identity(Map.of("total_amount", "10.00")));
        assertEquals(Optional.empty(), identity(Map.of("invoice_number", "42")));
        assertEquals(Optional.empty(), identity(Map.of("invoice_number", "--", "total_amount", "10.00")));
        // A key-value pair that happens to be named so is not the invoice's field.
        ExtractionResult keyValue = new ExtractionResult(Map.of(), List.of(), List.of(
                new ExtractedField("invoice_number", "7", "7", "string", 0.9, ExtractedField.KEY_VALUE, 1, null),
                new ExtractedField("total_amount", "10.00", "10.00", "money", 0.9, ExtractedField.TEMPLATE, 1, null)), List.of());
        assertEquals(Optional.empty(), InvoiceIdentity.of(keyValue));
    }

    private static Optional<InvoiceIdentity> identity(Map<String, String> values) {
        List<ExtractedField> fields = new ArrayList<>();
        values.forEach((name, value) -> fields.add(new ExtractedField(name, value, value, "string", 0.9, ExtractedField.TEMPLATE, 1, null)));
        return InvoiceIdentity.of(new ExtractionResult(Map.of(), List.of(), fields, List.of()));
    }
}
