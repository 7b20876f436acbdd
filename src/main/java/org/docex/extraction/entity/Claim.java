package org.docex.extraction.entity;

import java.util.Objects;

/** Which node runs a workflow, and in which attempt: only that holder may record its progress and outcome. */
public record Claim(String node, int attempt) {

    public Claim {
        Objects.requireNonNull(node);
    }
}
