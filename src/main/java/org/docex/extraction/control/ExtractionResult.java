package org.docex.extraction.control;

import java.util.List;
import java.util.Map;
import org.docex.extraction.control.table.Table;

/**
 * @param warnings what the extraction could not do and why, for the client to read
 * @param checks   consistency checks on the fields (the invoice's arithmetic, print against e-invoice)
 * @param tables   the item tables found on the pages
 * @param eInvoice the e-invoice the document is or carries ({@code result.metadata.e_invoice}), null where none
 */
public record ExtractionResult(Map<String, String> metadata, List<PageResult> pages, List<ExtractedField> fields,
                               List<String> warnings, List<Check> checks, List<Table> tables, EInvoiceSummary eInvoice) {

    public ExtractionResult {
        metadata = Map.copyOf(metadata);
        pages = List.copyOf(pages);
        fields = List.copyOf(fields);
        warnings = List.copyOf(warnings);
        checks = List.copyOf(checks);
        tables = List.copyOf(tables);
    }

    public ExtractionResult(Map<String, String> metadata, List<PageResult> pages, List<ExtractedField> fields,
                            List<String> warnings, List<Check> checks, List<Table> tables) {
        this(metadata, pages, fields, warnings, checks, tables, null);
    }

    public ExtractionResult(Map<String, String> metadata, List<PageResult> pages, List<ExtractedField> fields,
                            List<String> warnings) {
        this(metadata, pages, fields, warnings, List.of(), List.of(), null);
    }
}
