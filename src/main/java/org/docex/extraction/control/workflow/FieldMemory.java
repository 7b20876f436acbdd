package org.docex.extraction.control.workflow;

import java.util.List;
import org.docex.extraction.control.ExtractedField;
import org.docex.extraction.control.ExtractionResult;

/**
 * What reviews taught about documents like this one: consulted after each extraction, before its
 * result is stored. The vendor memory implements it; the extraction knows nothing more of it.
 */
public interface FieldMemory {

    /**
     * The fields that rules learned from earlier committed reviews read on this document, each with
     * source {@link ExtractedField#LEARNED} and the workflow it was learned from; empty when the
     * document's sender is not known or no rule finds anything.
     */
    List<ExtractedField> recall(ExtractionResult result);
}
