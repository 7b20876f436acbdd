package org.docex.extraction.control.workflow;

import java.util.List;
import java.util.UUID;
import org.docex.extraction.control.CustomField;
import org.docex.extraction.control.Template;
import org.docex.extraction.control.ocr.OcrMode;
import org.docex.extraction.entity.Claim;

/** What a worker needs to run one workflow: the claim it runs under and what the workflow asks for. */
record RunInput(Claim claim, UUID documentId, Template template, List<CustomField> fields, OcrMode ocr) {
}
