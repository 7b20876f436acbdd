package org.docex.extraction.control.workflow;

import org.docex.extraction.entity.Workflow;

/**
 * A workflow's extraction ended: extracted, or failed with its error. Fired synchronously inside the
 * transaction that records the end: observers run in that transaction, before it commits.
 */
public record ExtractionEnded(Workflow workflow) {
}
