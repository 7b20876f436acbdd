package org.docex.extraction.control.workflow;

import java.util.UUID;

/** A workflow was queued; observed once its transaction committed, so that workers can see it. */
public record WorkflowQueued(UUID workflowId) {
}
