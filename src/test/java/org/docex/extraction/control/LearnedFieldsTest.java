package org.docex.extraction.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How fields learned from reviews enter an extraction's result. */
class LearnedFieldsTest {

    private static final BoundingBox WORD = new BoundingBox(300, 100, 340, 110);
    private static final BoundingBox LINE = new BoundingBox(50, 100, 400, 110);
    private static final String TEACHER = "5b0f7a52-0d6c-4b4e-9d3c-0e1f2a3b4c5d";

    private static ExtractionResult result(ExtractedField... fields) {
        return new ExtractionResult(Map.of(), List.of(), List.of(fields), List.of());
    }

    private static ExtractedField field(String name, String value, String source, double confidence, BoundingBox box) {
        return new ExtractedField(name, value, value, "string", confidence, source, 1, box);
    }

    private static ExtractedField learned(String name, String value) {
        return new ExtractedField(name, value, value, "string", 0.9, ExtractedField.LEARNED, 1, LINE, TEACHER);
    }

    @Test
    void aLearnedFieldTakesThePlaceOfTheTemplatesReadingOfTheSameName() {
        ExtractionResult merged = LearnedFields.merge(result(field("invoice_number", "2024", "key_value", 0.9, WORD),
                field("rechnung", "RE-7", "key_value", 0.8, WORD), field("invoice_number", "2024", "template", 0.6, WORD)),
                List.of(learned("invoice_number", "RE-7"), learned("cost_centre", "4711")));
        assertEquals(List.of(learned("invoice_number", "RE-7"), field("rechnung", "RE-7", "key_value", 0.8, WORD),
                learned("cost_centre", "4711")), merged.fields(),
                "in the place of the first reading of its name, the others gone; a field the extraction did not read comes last");
    }

    @Test
    void whereBothReadTheSameTheFieldKeepsTheExtractionsBoxAndTheHigherConfidence() {
        ExtractionResult merged = LearnedFields.merge(result(field("invoice_number", "RE-7", "template", 0.95, WORD)),
                List.of(learned("invoice_number", "RE-7")));
        assertEquals(List.of(new ExtractedField("invoice_number", "RE-7", "RE-7", "string", 0.95, ExtractedField.LEARNED, 1,
                WORD, TEACHER)), merged.fields());
    }

    @Test
    void anAttachedEInvoiceOrAFormFieldKeepsItsValue() {
        ExtractedField xml = field("invoice_number", "RE-7", "embedded_xml", 1.0, null);
        ExtractedField form = field("cost_centre", "4711", "acroform", 1.0, WORD);
        ExtractionResult merged = LearnedFields.merge(result(xml, form),
                List.of(learned("invoice_number", "RE-8"), learned("cost_centre", "4712")));
        assertEquals(List.of(xml, form), merged.fields());
    }
}
