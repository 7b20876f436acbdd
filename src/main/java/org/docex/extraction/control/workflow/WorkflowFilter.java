package org.docex.extraction.control.workflow;

import java.util.Optional;
import java.util.UUID;
import org.docex.errors.UnprocessableException;
import org.docex.extraction.entity.WorkflowStatus;
import org.docex.persistence.ResourceId;

/**
 * Which workflows a list shows; an empty criterion means any. A malformed document id names no
 * document, so it matches nothing (as it answers 404 in a path); an unknown status is a mistake: 422.
 */
public record WorkflowFilter(Optional<UUID> documentId, Optional<WorkflowStatus> status, boolean matchesNothing) {

    public static WorkflowFilter of(String documentId, String status) {
        Optional<WorkflowStatus> wanted = blank(status) ? Optional.empty() : Optional.of(WorkflowStatus.named(status.strip())
                .orElseThrow(() -> new UnprocessableException("status must be one of " + WorkflowStatus.allNames())));
        if (blank(documentId)) {
            return new WorkflowFilter(Optional.empty(), wanted, false);
        }
        Optional<UUID> document = ResourceId.parse(documentId.strip());
        return new WorkflowFilter(document, wanted, document.isEmpty());
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
