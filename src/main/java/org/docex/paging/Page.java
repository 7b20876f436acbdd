package org.docex.paging;

import java.util.List;

/**
 * One page of a list: {@code {"items", "total", "total_exact", "offset", "limit"}}. {@code total}
 * is exact unless {@code total_exact} is false; then it is an upper bound (a document search with
 * many candidates, where counting every match would be the cost).
 */
public record Page<T>(List<T> items, long total, boolean totalExact, int offset, int limit) {

    public Page(List<T> items, long total, int offset, int limit) {
        this(items, total, true, offset, limit);
    }
}
