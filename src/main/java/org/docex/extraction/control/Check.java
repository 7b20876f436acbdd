package org.docex.extraction.control;

/**
 * A consistency check on what was extracted, for the reviewer's eye.
 *
 * @param status {@code ok}, {@code mismatch} or {@code unavailable} (a value it needs was not found)
 */
public record Check(String name, String status, String detail) {

    public static final String OK = "ok";
    public static final String MISMATCH = "mismatch";
    public static final String UNAVAILABLE = "unavailable";

    public static Check ok(String name, String detail) {
        return new Check(name, OK, detail);
    }

    public static Check mismatch(String name, String detail) {
        return new Check(name, MISMATCH, detail);
    }

    public static Check unavailable(String name, String detail) {
        return new Check(name, UNAVAILABLE, detail);
    }
}
