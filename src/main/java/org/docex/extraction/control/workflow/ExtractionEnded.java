package org.docex.extraction.control.workflow;

import java.util.List;
import org.docex.extraction.control.Check;
import org.docex.extraction.entity.Workflow;

/**
 * A workflow's extraction ended: extracted, or failed with its error. Fired synchronously inside the
 * transaction that records the end: observers run in that transaction, before it commits.
 *
 * @param failedChecks the result's checks that failed ({@code mismatch}), none when the extraction failed
 */
public record ExtractionEnded(Workflow workflow, List<Check> failedChecks) {

    public ExtractionEnded {
        failedChecks = List.copyOf(failedChecks);
    }

    /** An extraction that ended without a result (failed, or given up after lost leases). */
    public static ExtractionEnded failed(Workflow workflow) {
        return new ExtractionEnded(workflow, List.of());
    }
}
