package org.docex.extraction.entity;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** Where a workflow is in its life; the lower-case name is what the API and the database carry. */
public enum WorkflowStatus {
    QUEUED, RUNNING, EXTRACTED, IN_REVIEW, COMMITTED, REJECTED, FAILED;

    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<WorkflowStatus> named(String name) {
        return Arrays.stream(values()).filter(status -> status.apiName().equals(name)).findFirst();
    }

    public static String allNames() {
        return String.join(", ", Arrays.stream(values()).map(WorkflowStatus::apiName).toList());
    }
}
