package org.docex.documents.control;

/**
 * Makes a client's file name safe to store and show: only its last path part, no control characters,
 * no quotes, trimmed and bounded. The name is only ever a label: files on disk are named by the server.
 */
public final class FilenameSanitizer {

    public static final String FALLBACK = "document.pdf";
    public static final int MAX_LENGTH = 255;

    private FilenameSanitizer() {
    }

    /** The name to store in a document's {@code filename} field. */
    public static String clean(String clientFilename) {
        return clean(clientFilename, MAX_LENGTH);
    }

    static String clean(String clientFilename, int maxLength) {
        if (clientFilename == null) {
            return FALLBACK;
        }
        String lastPart = clientFilename.substring(Math.max(clientFilename.lastIndexOf('/'), clientFilename.lastIndexOf('\\')) + 1);
        StringBuilder kept = new StringBuilder();
        lastPart.codePoints()
                .filter(c -> !InfoText.isControl(c) && c != '"')
                .forEach(kept::appendCodePoint);
        String name = kept.toString().strip();
        if (name.codePointCount(0, name.length()) > maxLength) {
            name = name.substring(0, name.offsetByCodePoints(0, maxLength)).strip();
        }
        return name.isEmpty() || name.equals(".") || name.equals("..") ? FALLBACK : name;
    }
}
