package org.docex.mfa.control;

import java.io.ByteArrayOutputStream;
import java.util.Locale;

/** RFC 4648 base32, the alphabet authenticator apps expect for TOTP secrets. */
public final class Base32 {

    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

    private Base32() {
    }

    /** Upper case, without padding, as the Key Uri Format asks. */
    public static String encode(byte[] bytes) {
        StringBuilder text = new StringBuilder((bytes.length * 8 + 4) / 5);
        int buffer = 0;
        int bits = 0;
        for (byte b : bytes) {
            buffer = (buffer << 8) | (b & 0xff);
            bits += 8;
            while (bits >= 5) {
                text.append(ALPHABET.charAt((buffer >>> (bits - 5)) & 31));
                bits -= 5;
            }
        }
        if (bits > 0) {
            text.append(ALPHABET.charAt((buffer << (5 - bits)) & 31));
        }
        return text.toString();
    }

    /**
     * Reads either case, with or without trailing padding.
     *
     * @throws IllegalArgumentException for any other character or a length no encoding produces
     */
    public static byte[] decode(String text) {
        String digits = stripPadding(text.toUpperCase(Locale.ROOT));
        int remainder = digits.length() % 8;
        if (remainder == 1 || remainder == 3 || remainder == 6) {
            throw new IllegalArgumentException("Not a base32 length: " + digits.length());
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(digits.length() * 5 / 8);
        int buffer = 0;
        int bits = 0;
        for (int i = 0; i < digits.length(); i++) {
            int value = ALPHABET.indexOf(digits.charAt(i));
            if (value < 0) {
                throw new IllegalArgumentException("Not a base32 character at " + i);
            }
            buffer = (buffer << 5) | value;
            bits += 5;
            if (bits >= 8) {
                bytes.write((buffer >>> (bits - 8)) & 0xff);
                bits -= 8;
            }
        }
        return bytes.toByteArray();
    }

    private static String stripPadding(String text) {
        int end = text.length();
        while (end > 0 && text.charAt(end - 1) == '=') {
            end--;
        }
        return text.substring(0, end);
    }
}
