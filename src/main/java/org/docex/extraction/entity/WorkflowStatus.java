package org.docex.extraction.entity;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import org.docex.errors.ConflictException;

/** Where a workflow is in its life; the lower-case name is what the API and the database carry. */
public enum WorkflowStatus {
    QUEUED, RUNNING, EXTRACTED, IN_REVIEW, COMMITTED, REJECTED, FAILED;

    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Only extracted workflows, and those already in review, can be reviewed. */
    public void requireReviewable() {
        switch (this) {
            case EXTRACTED, IN_REVIEW -> { }
            case COMMITTED -> throw new ConflictException("Workflow is already committed");
            case REJECTED -> throw new ConflictException("Workflow was rejected; a reviewer can reopen it");
            default -> throw new ConflictException("Workflow is not ready for review");
        }
    }

    /** Extracted once: the result is stored, whatever review made of it since. */
    public boolean hasResult() {
        return this == EXTRACTED || this == IN_REVIEW || this == COMMITTED || this == REJECTED;
    }

    public static Optional<WorkflowStatus> named(String name) {
        return Arrays.stream(values()).filter(status -> status.apiName().equals(name)).findFirst();
    }

    public static String allNames() {
        return String.join(", ", Arrays.stream(values()).map(WorkflowStatus::apiName).toList());
    }
}
