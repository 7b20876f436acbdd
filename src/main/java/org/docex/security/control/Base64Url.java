package org.docex.security.control;

import java.util.Base64;
import java.util.Optional;

/** The unpadded base64url of JWS compact serialisation, read strictly. */
final class Base64Url {

    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    private Base64Url() {
    }

    static String encode(byte[] bytes) {
        return ENCODER.encodeToString(bytes);
    }

    /**
     * Accepts only the one canonical spelling of each byte sequence. The JDK decoder would also
     * take padding and non-zero spare bits, which lets one token be written several ways.
     */
    static Optional<byte[]> decode(String segment) {
        try {
            byte[] bytes = DECODER.decode(segment);
            return encode(bytes).equals(segment) ? Optional.of(bytes) : Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
