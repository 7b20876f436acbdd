package org.docex.extraction.control;

import java.util.List;
import java.util.Map;

/**
 * @param warnings what the extraction could not do and why, for the client to read
 * @param checks   consistency checks on the fields (the invoice's arithmetic, print against e-invoice)
 */
public record ExtractionResult(Map<String, String> metadata, List<PageResult> pages, List<ExtractedField> fields,
                               List<String> warnings, List<Check> checks) {

    public ExtractionResult {
        metadata = Map.copyOf(metadata);
        pages = List.copyOf(pages);
        fields = List.copyOf(fields);
        warnings = List.copyOf(warnings);
        checks = List.copyOf(checks);
    }

    public ExtractionResult(Map<String, String> metadata, List<PageResult> pages, List<ExtractedField> fields,
                            List<String> warnings) {
        this(metadata, pages, fields, warnings, List.of());
    }
}
