package org.docex.extraction.control;

/**
 * A field the client asks for. {@code pattern} is a regular expression whose first group (or
 * whole match) is the value; {@code label} finds the value written beside or below that text.
 * With both, the label locates the value and the pattern picks it out of what is found there.
 * A null {@code type} means {@code string}.
 */
public record CustomField(String name, String pattern, String label, String type) {
}
