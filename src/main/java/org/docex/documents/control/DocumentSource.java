package org.docex.documents.control;

/**
 * Where a document came from: its channel ({@code upload}, {@code folder}) and, for an intake, the
 * key of what it was taken from (a claimed file), which no other document has.
 */
public record DocumentSource(String channel, String key) {

    public static final DocumentSource UPLOAD = new DocumentSource("upload", null);

    public static DocumentSource folder(String key) {
        return new DocumentSource("folder", key);
    }
}
