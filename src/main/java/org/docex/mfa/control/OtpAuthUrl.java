package org.docex.mfa.control;

import java.nio.charset.StandardCharsets;

/**
 * The Key Uri Format URL that authenticator apps read from a QR code:
 * {@code otpauth://totp/docex:<email>?secret=...&issuer=docex&algorithm=SHA1&digits=6&period=30}.
 */
public final class OtpAuthUrl {

    public static final String ISSUER = "docex";

    private OtpAuthUrl() {
    }

    public static String of(String email, String base32Secret) {
        if (base32Secret == null || !base32Secret.matches("[A-Z2-7]+")) {
            throw new IllegalArgumentException("Secret must be upper-case base32 without padding");
        }
        return "otpauth://totp/" + ISSUER + ":" + encodeLabel(email) + "?secret=" + base32Secret
                + "&issuer=" + ISSUER + "&algorithm=SHA1&digits=6&period=30";
    }

    /**
     * Percent-encodes the UTF-8 bytes of everything but RFC 3986 unreserved characters and '@'.
     * '@' is legal in a URI path and is how Google's Key Uri Format examples show an account,
     * so apps display it as typed. ':' is encoded because it separates issuer from account, and
     * '+' and space are encoded because some apps decode the label as form data.
     */
    static String encodeLabel(String email) {
        StringBuilder label = new StringBuilder();
        for (byte b : email.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if (isUnreserved(c) || c == '@') {
                label.append(c);
            } else {
                label.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 15, 16)));
            }
        }
        return label.toString();
    }

    private static boolean isUnreserved(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                || c == '-' || c == '.' || c == '_' || c == '~';
    }
}
