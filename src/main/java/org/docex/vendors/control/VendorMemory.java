package org.docex.vendors.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.ExtractionResult;
import org.docex.extraction.control.workflow.FieldMemory;
import org.docex.vendors.control.VendorRules.Reading;

/**
 * The vendor memory as the extraction consults it: the vendor a document's identifiers name, and
 * what that vendor's rules read on it. One lookup of the identifiers and one of the rules per document.
 */
@ApplicationScoped
public class VendorMemory implements FieldMemory {

    @Inject
    VendorDirectory directory;

    @Inject
    VendorLessons lessons;

    @Override
    @Transactional
    public List<ExtractedField> recall(ExtractionResult result) {
        DocumentLines document = DocumentLines.of(result);
        Optional<String> name = result.fields().stream().filter(field -> "vendor_name".equals(field.name()))
                .map(ExtractedField::value).findFirst();
        VendorIdentity.Candidates candidates = VendorIdentity.inDocument(document, name);
        if (candidates.isEmpty()) {
            return List.of();
        }
        Optional<UUID> vendor = directory.vendorOf(candidates);
        if (vendor.isEmpty()) {
            return List.of();
        }
        return read(lessons.rules(vendor.get()), document);
    }

    /** What the rules that read yet find on the document, as fields. */
    static List<ExtractedField> read(Map<String, LearnedRule> rules, DocumentLines document) {
        List<ExtractedField> fields = new ArrayList<>();
        for (LearnedRule rule : rules.values()) {
            if (!rule.reads()) {
                continue;
            }
            Optional<Reading> reading = VendorRules.read(rule.rule(), document);
            reading.ifPresent(found -> fields.add(new ExtractedField(rule.field(), found.value(), found.raw(),
                    rule.rule().type().apiName(), rule.confidence(), ExtractedField.LEARNED, found.page(), found.box(),
                    rule.learnedFrom().toString())));
        }
        return fields;
    }
}
