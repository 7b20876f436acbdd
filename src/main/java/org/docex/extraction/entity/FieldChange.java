package org.docex.extraction.entity;

import java.util.Objects;

/**
 * One field as a review changed it: {@code from} null when added, {@code to} null when removed.
 * The audit trail keeps at most {@link #MAX_VALUE_LENGTH} characters of each value (the draft and the
 * committed data keep them whole); {@code truncated} says that {@code from} or {@code to} was cut there.
 */
public record FieldChange(String field, String from, String to, boolean truncated) {

    public static final int MAX_VALUE_LENGTH = 200;

    public FieldChange {
        Objects.requireNonNull(field);
        // Two long values that differ only past the bound read the same once cut.
        if (!truncated && Objects.equals(from, to)) {
            throw new IllegalArgumentException("Not a change: " + field);
        }
    }

    public FieldChange(String field, String from, String to) {
        this(field, from, to, false);
    }

    /** The change from {@code from} to {@code to}, its values cut to the bound. */
    public static FieldChange of(String field, String from, String to) {
        if (Objects.equals(from, to)) {
            throw new IllegalArgumentException("Not a change: " + field);
        }
        String kept = bounded(from);
        String now = bounded(to);
        return new FieldChange(field, kept, now, !Objects.equals(kept, from) || !Objects.equals(now, to));
    }

    private static String bounded(String value) {
        if (value == null || value.codePointCount(0, value.length()) <= MAX_VALUE_LENGTH) {
            return value;
        }
        return value.substring(0, value.offsetByCodePoints(0, MAX_VALUE_LENGTH));
    }
}
