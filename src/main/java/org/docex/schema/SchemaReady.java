package org.docex.schema;

/** Fired once at start-up after the schema has been migrated to {@code version}. */
public record SchemaReady(int version) {
}
