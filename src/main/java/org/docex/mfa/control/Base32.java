package org.docex.mfa.control;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.apache.commons.codec.CodecPolicy;

/**
 * RFC 4648 base32, the alphabet authenticator apps expect for TOTP secrets, by Commons Codec. Its
 * decoder skips characters outside the alphabet and, unless strict, ignores impossible endings:
 * this class refuses both, so a damaged secret fails loudly instead of becoming another key.
 */
public final class Base32 {

    private static final org.apache.commons.codec.binary.Base32 CODEC =
            new org.apache.commons.codec.binary.Base32(0, null, false, (byte) '=', CodecPolicy.STRICT);

    private Base32() {
    }

    /** Upper case, without padding, as the Key Uri Format asks. */
    public static String encode(byte[] bytes) {
        String padded = CODEC.encodeToString(bytes);
        int end = padded.indexOf('=');
        return end < 0 ? padded : padded.substring(0, end);
    }

    /**
     * Reads either case, with or without trailing padding.
     *
     * @throws IllegalArgumentException for any other character or a length no encoding produces
     */
    public static byte[] decode(String text) {
        int end = text.length();
        while (end > 0 && text.charAt(end - 1) == '=') {
            end--;
        }
        byte[] digits = text.substring(0, end).getBytes(StandardCharsets.ISO_8859_1);
        if (!CODEC.isInAlphabet(digits, false)) {
            throw new IllegalArgumentException("Not a base32 text");
        }
        // The strict decoder wants the padding that secrets are shown without.
        return CODEC.decode(text.substring(0, end).toUpperCase(Locale.ROOT) + "=".repeat((8 - end % 8) % 8));
    }
}
