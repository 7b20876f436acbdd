package org.docex.documents.control;

import java.nio.charset.StandardCharsets;
import java.text.Normalizer;

/** Builds a {@code Content-Disposition: attachment} header value from a client's file name (RFC 6266, RFC 5987). */
public final class ContentDisposition {

    static final int MAX_LENGTH = 200;

    private ContentDisposition() {
    }

    public static String attachment(String clientFilename) {
        String name = FilenameSanitizer.clean(clientFilename, MAX_LENGTH);
        return "attachment; filename=\"" + asciiFallback(name) + "\"; filename*=UTF-8''" + percentEncoded(name);
    }

    // For clients that ignore filename*: accents dropped ("Prüfbericht" -> "Prufbericht"), anything else non-ASCII -> '_'.
    private static String asciiFallback(String name) {
        String withoutAccents = Normalizer.normalize(name, Normalizer.Form.NFD).replaceAll("\\p{M}", "");
        StringBuilder ascii = new StringBuilder();
        withoutAccents.codePoints().forEach(c -> ascii.append(c >= 0x20 && c < 0x7F && c != '\\' ? (char) c : '_'));
        return ascii.toString();
    }

    private static String percentEncoded(String name) {
        StringBuilder encoded = new StringBuilder();
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xFF;
            if (isAttrChar(c)) {
                encoded.append((char) c);
            } else {
                encoded.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xF, 16)));
            }
        }
        return encoded.toString();
    }

    /** RFC 5987 attr-char: the bytes that may appear unencoded in an ext-value. */
    private static boolean isAttrChar(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || "!#$&+-.^_`|~".indexOf(c) >= 0;
    }
}
