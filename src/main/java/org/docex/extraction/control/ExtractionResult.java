package org.docex.extraction.control;

import java.util.List;
import java.util.Map;

public record ExtractionResult(Map<String, String> metadata, List<PageResult> pages, List<ExtractedField> fields) {

    public ExtractionResult {
        metadata = Map.copyOf(metadata);
        pages = List.copyOf(pages);
        fields = List.copyOf(fields);
    }
}
