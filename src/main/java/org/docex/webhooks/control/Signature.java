package org.docex.webhooks.control;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The Standard Webhooks signature: {@code v1,} and the base64 of HMAC-SHA256, keyed with the
 * secret's bytes (the base64 after {@code whsec_}), over {@code <id>.<timestamp>.<body>}.
 */
public final class Signature {

    public static final String PREFIX = "whsec_";
    private static final int SECRET_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    private Signature() {
    }

    /** A new secret: {@code whsec_} and the base64 of 32 random bytes. */
    public static String newSecret() {
        byte[] bytes = new byte[SECRET_BYTES];
        RANDOM.nextBytes(bytes);
        return PREFIX + Base64.getEncoder().encodeToString(bytes);
    }

    public static String sign(String secret, String id, long timestamp, String body) {
        if (!secret.startsWith(PREFIX)) {
            throw new IllegalArgumentException("Not a webhook secret");
        }
        byte[] key = Base64.getDecoder().decode(secret.substring(PREFIX.length()));
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            byte[] signed = mac.doFinal((id + "." + timestamp + "." + body).getBytes(StandardCharsets.UTF_8));
            return "v1," + Base64.getEncoder().encodeToString(signed);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 unavailable", e);
        }
    }
}
