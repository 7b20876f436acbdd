package org.docex.extraction.control;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Puts fields learned from reviews into an extraction's result: a learned field takes the place of
 * the template's or the custom field's reading of the same name; what an attached e-invoice or a
 * form field says is kept, and a learned field of the same name is left out. Where both readings
 * agree, the field keeps the extraction's place on the page (a word's box, where the memory knows
 * only its line's) and the higher confidence.
 */
public final class LearnedFields {

    private LearnedFields() {
    }

    public static ExtractionResult merge(ExtractionResult result, List<ExtractedField> learned) {
        if (learned.isEmpty()) {
            return result;
        }
        Set<String> authoritative = new HashSet<>();
        for (ExtractedField field : result.fields()) {
            if (ExtractedField.EMBEDDED_XML.equals(field.source()) || ExtractedField.ACROFORM.equals(field.source())) {
                authoritative.add(field.name());
            }
        }
        List<ExtractedField> kept = learned.stream().filter(field -> !authoritative.contains(field.name()))
                .map(field -> placed(field, result.fields())).toList();
        Set<String> replaced = new HashSet<>();
        kept.forEach(field -> replaced.add(field.name()));
        List<ExtractedField> fields = new ArrayList<>();
        for (ExtractedField field : result.fields()) {
            boolean read = ExtractedField.TEMPLATE.equals(field.source()) || ExtractedField.CUSTOM.equals(field.source());
            if (!(read && replaced.contains(field.name()))) {
                fields.add(field);
            }
        }
        fields.addAll(kept);
        return new ExtractionResult(result.metadata(), result.pages(), fields, result.warnings(), result.checks(),
                result.tables());
    }

    private static ExtractedField placed(ExtractedField learned, List<ExtractedField> read) {
        for (ExtractedField field : read) {
            if (field.name().equals(learned.name()) && learned.value().equals(field.value()) && field.bbox() != null
                    && (ExtractedField.TEMPLATE.equals(field.source()) || ExtractedField.CUSTOM.equals(field.source()))) {
                return new ExtractedField(learned.name(), learned.value(), field.raw(), field.type(),
                        Math.max(learned.confidence(), field.confidence()), ExtractedField.LEARNED, field.page(),
                        field.bbox(), learned.learnedFrom());
            }
        }
        return learned;
    }
}
