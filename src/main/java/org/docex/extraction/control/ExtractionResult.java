package org.docex.extraction.control;

import java.util.List;
import java.util.Map;

/** @param warnings what the extraction could not do and why, for the client to read */
public record ExtractionResult(Map<String, String> metadata, List<PageResult> pages, List<ExtractedField> fields,
                               List<String> warnings) {

    public ExtractionResult {
        metadata = Map.copyOf(metadata);
        pages = List.copyOf(pages);
        fields = List.copyOf(fields);
        warnings = List.copyOf(warnings);
    }
}
