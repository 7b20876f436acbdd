package org.docex.review.entity;

import java.util.Objects;

/** One field as a review changed it: {@code from} null when added, {@code to} null when removed. */
public record FieldChange(String field, String from, String to) {

    public FieldChange {
        Objects.requireNonNull(field);
        if (Objects.equals(from, to)) {
            throw new IllegalArgumentException("Not a change: " + field);
        }
    }
}
