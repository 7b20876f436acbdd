package org.docex.paging;

import java.util.List;

/** One page of a list: {@code {"items", "total", "offset", "limit"}}. */
public record Page<T>(List<T> items, long total, int offset, int limit) {
}
