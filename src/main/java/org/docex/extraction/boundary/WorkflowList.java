package org.docex.extraction.boundary;

import java.util.List;
import java.util.Map;

/**
 * A page of the work queue: {@code {"items", "total", "total_exact", "offset", "limit", "counts"}},
 * where {@code counts} holds, for every status, how many workflows match the other criteria.
 */
public record WorkflowList(List<WorkflowResponse> items, long total, boolean totalExact, int offset, int limit,
                           Map<String, Long> counts) {
}
