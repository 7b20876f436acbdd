package org.docex.paging;

import org.docex.errors.UnprocessableException;

/**
 * {@code offset} (default 0, at most 1,000,000) and {@code limit} (default 50, at most 200) from the query string.
 * Parsed here rather than bound as numbers, because a bad number must answer 422, not 404.
 */
public record PageRequest(int offset, int limit) {

    public static final int DEFAULT_LIMIT = 50;
    public static final int MAX_LIMIT = 200;
    /**
     * The furthest a list may be paged: EclipseLink adds offset and limit in an int, so an offset
     * near 2^31 overflowed and the query ran without any limit. A client that needs more filters.
     */
    public static final int MAX_OFFSET = 1_000_000;

    public static PageRequest of(String offset, String limit) {
        int from = parse("offset", offset, 0);
        int size = parse("limit", limit, DEFAULT_LIMIT);
        if (from < 0 || from > MAX_OFFSET) {
            throw new UnprocessableException("offset must be between 0 and " + MAX_OFFSET);
        }
        if (size < 1 || size > MAX_LIMIT) {
            throw new UnprocessableException("limit must be between 1 and " + MAX_LIMIT);
        }
        return new PageRequest(from, size);
    }

    public <T> Page<T> page(java.util.List<T> items, long total) {
        return new Page<>(items, total, offset, limit);
    }

    /** A page whose total may be an upper bound ({@code exact} false). */
    public <T> Page<T> page(java.util.List<T> items, long total, boolean exact) {
        return new Page<>(items, total, exact, offset, limit);
    }

    private static int parse(String name, String value, int fallback) {
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new UnprocessableException(name + " must be a whole number");
        }
    }
}
