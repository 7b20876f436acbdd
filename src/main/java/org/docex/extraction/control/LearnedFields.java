package org.docex.extraction.control;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Puts fields learned from reviews into an extraction's result: a learned field takes the place of
 * the template's, the custom field's and the key-value pairs' readings of the same name (a label
 * "Invoice number" names a pair {@code invoice_number}); what an attached e-invoice or a
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
            if (ExtractedField.fromXml(field.source()) || ExtractedField.ACROFORM.equals(field.source())) {
                authoritative.add(field.name());
            }
        }
        List<ExtractedField> kept = learned.stream().filter(field -> !authoritative.contains(field.name()))
                .map(field -> placed(field, result.fields())).toList();
        Map<String, ExtractedField> byName = new LinkedHashMap<>();
        kept.forEach(field -> byName.put(field.name(), field));
        // In the place of the reading it replaces, so that a review's fields keep their order.
        List<ExtractedField> fields = new ArrayList<>();
        Set<String> placed = new HashSet<>();
        for (ExtractedField field : result.fields()) {
            if (!replaceable(field) || !byName.containsKey(field.name())) {
                fields.add(field);
            } else if (placed.add(field.name())) {
                fields.add(byName.get(field.name()));
            }
        }
        byName.forEach((name, field) -> {
            if (placed.add(name)) {
                fields.add(field);
            }
        });
        return new ExtractionResult(result.metadata(), result.pages(), fields, result.warnings(), result.checks(),
                result.tables(), result.eInvoice());
    }

    private static ExtractedField placed(ExtractedField learned, List<ExtractedField> read) {
        for (ExtractedField field : read) {
            if (field.name().equals(learned.name()) && learned.value().equals(field.value()) && field.bbox() != null
                    && replaceable(field)) {
                return new ExtractedField(learned.name(), learned.value(), field.raw(), field.type(),
                        Math.max(learned.confidence(), field.confidence()), ExtractedField.LEARNED, field.page(),
                        field.bbox(), learned.learnedFrom());
            }
        }
        return learned;
    }

    /** A reading the extraction made itself from the page: the template's, a custom field's or a key-value pair's. */
    private static boolean replaceable(ExtractedField field) {
        return ExtractedField.TEMPLATE.equals(field.source()) || ExtractedField.CUSTOM.equals(field.source())
                || ExtractedField.KEY_VALUE.equals(field.source());
    }
}
