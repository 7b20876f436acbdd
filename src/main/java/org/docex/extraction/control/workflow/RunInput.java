package org.docex.extraction.control.workflow;

import java.util.List;
import java.util.UUID;
import org.docex.extraction.control.CustomField;
import org.docex.extraction.control.Template;
import org.docex.extraction.control.ocr.OcrMode;

/** What a worker needs to run one workflow. */
record RunInput(UUID documentId, Template template, List<CustomField> fields, OcrMode ocr) {
}
