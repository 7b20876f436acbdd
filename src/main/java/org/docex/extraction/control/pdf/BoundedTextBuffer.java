package org.docex.extraction.control.pdf;

import java.io.Writer;

/** A writer that keeps at most a fixed number of characters and drops the rest. */
final class BoundedTextBuffer extends Writer {

    private final StringBuilder text = new StringBuilder();
    private int capacity;
    private boolean truncated;

    void reset(int newCapacity) {
        text.setLength(0);
        capacity = newCapacity;
        truncated = false;
    }

    int length() {
        return text.length();
    }

    boolean isFull() {
        return text.length() >= capacity;
    }

    boolean truncated() {
        return truncated;
    }

    void markTruncated() {
        truncated = true;
    }

    String contents() {
        return text.toString().stripTrailing();
    }

    @Override
    public void write(char[] chars, int offset, int length) {
        int room = capacity - text.length();
        if (length > room) {
            truncated = true;
        }
        text.append(chars, offset, Math.max(0, Math.min(length, room)));
    }

    @Override
    public void flush() {
        // nothing is buffered outside the builder
    }

    @Override
    public void close() {
        // the text stays readable after the stripper closes its output
    }
}
