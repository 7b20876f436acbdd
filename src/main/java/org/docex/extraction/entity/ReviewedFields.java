package org.docex.extraction.entity;

import java.time.Instant;
import java.util.Objects;

/** Field values as someone saved or committed them, and when. */
public record ReviewedFields(FieldValues fields, String by, Instant at) {

    public ReviewedFields {
        Objects.requireNonNull(fields);
        Objects.requireNonNull(by);
        Objects.requireNonNull(at);
    }
}
