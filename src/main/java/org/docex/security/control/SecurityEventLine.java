package org.docex.security.control;

import java.nio.charset.StandardCharsets;

/**
 * One security event as a single log line: {@code security-event type=T key=value ...}. Values
 * come from clients (a submitted user name) and must not forge lines or fields: every character
 * outside printable ASCII, a space and {@code %} are written as {@code %XX} of their UTF-8 bytes,
 * and a value is cut to {@value #MAX_VALUE} characters (marked with a trailing {@code ...}).
 */
public final class SecurityEventLine {

    public static final String PREFIX = "security-event";
    static final int MAX_VALUE = 100;
    private static final String ABSENT = "-";

    private SecurityEventLine() {
    }

    /** {@code fields} alternate names (written as they are: constants of the code) and values. */
    public static String format(String type, String client, String... fields) {
        if (fields.length % 2 != 0) {
            throw new IllegalArgumentException("fields must come in name-value pairs");
        }
        StringBuilder line = new StringBuilder(PREFIX).append(" type=").append(type);
        for (int i = 0; i < fields.length; i += 2) {
            line.append(' ').append(fields[i]).append('=').append(neutralised(fields[i + 1]));
        }
        return line.append(" client=").append(neutralised(client)).toString();
    }

    static String neutralised(String value) {
        if (value == null || value.isEmpty()) {
            return ABSENT;
        }
        boolean cut = value.codePointCount(0, value.length()) > MAX_VALUE;
        String kept = cut ? value.substring(0, value.offsetByCodePoints(0, MAX_VALUE)) : value;
        StringBuilder out = new StringBuilder(kept.length() + 8);
        kept.codePoints().forEach(c -> {
            if (c > ' ' && c < 0x7f && c != '%') {
                out.append((char) c);
            } else {
                for (byte b : new String(Character.toChars(c)).getBytes(StandardCharsets.UTF_8)) {
                    out.append('%').append(String.format("%02X", b & 0xff));
                }
            }
        });
        return cut ? out.append("...").toString() : out.toString();
    }
}
