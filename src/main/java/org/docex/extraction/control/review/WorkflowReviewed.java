package org.docex.extraction.control.review;

import org.docex.extraction.entity.ReviewAction;
import org.docex.extraction.entity.Workflow;

/**
 * A review was accepted; {@code by} is the reviewer's email. Fired synchronously inside the
 * transaction that applies the review: observers run in that transaction, before it commits.
 */
public record WorkflowReviewed(Workflow workflow, ReviewAction action, String by) {
}
