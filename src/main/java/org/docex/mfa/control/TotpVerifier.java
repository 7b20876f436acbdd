package org.docex.mfa.control;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.OptionalLong;
import javax.crypto.spec.SecretKeySpec;

import com.eatthepath.otp.TimeBasedOneTimePasswordGenerator;

/**
 * RFC 6238 codes as common authenticator apps make them: HMAC-SHA1, 6 digits, 30 s steps.
 * One step either side of now is accepted to allow for clock drift and typing time.
 */
public class TotpVerifier {

    public static final Duration STEP = Duration.ofSeconds(30);
    public static final int DIGITS = 6;
    public static final int SECRET_BYTES = 20;
    /** Steps accepted before and after the current one. */
    public static final int DRIFT_STEPS = 1;

    private static final SecureRandom RANDOM = new SecureRandom();

    private final TimeBasedOneTimePasswordGenerator generator;

    public TotpVerifier() {
        this.generator = new TimeBasedOneTimePasswordGenerator(STEP, DIGITS,
                TimeBasedOneTimePasswordGenerator.TOTP_ALGORITHM_HMAC_SHA1);
    }

    /** A new 160-bit secret (the length RFC 4226 recommends), base32 without padding. */
    public static String newSecret() {
        byte[] secret = new byte[SECRET_BYTES];
        RANDOM.nextBytes(secret);
        return Base32.encode(secret);
    }

    /**
     * @return the time-step counter ({@code floor(epochSecond / 30)}) whose code this is, so the
     *         caller can refuse a step that was used before; empty for a wrong or malformed code
     * @throws IllegalArgumentException if the stored secret is not base32
     */
    public OptionalLong matchingStep(String base32Secret, String code, Instant now) {
        if (!isSixAsciiDigits(code)) {
            return OptionalLong.empty();
        }
        SecretKeySpec key = key(base32Secret);
        long current = Math.floorDiv(now.getEpochSecond(), STEP.toSeconds());
        OptionalLong match = OptionalLong.empty();
        for (long step = current - DRIFT_STEPS; step <= current + DRIFT_STEPS; step++) {
            String expected = codeAt(key, Instant.ofEpochSecond(step * STEP.toSeconds()));
            boolean same = MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII),
                    code.getBytes(StandardCharsets.US_ASCII));
            if (same && match.isEmpty()) {
                match = OptionalLong.of(step);
            }
        }
        return match;
    }

    public String codeAt(String base32Secret, Instant time) {
        return codeAt(key(base32Secret), time);
    }

    private String codeAt(SecretKeySpec key, Instant time) {
        try {
            // Locale.ROOT: some locales would otherwise format the code with non-ASCII digits.
            return generator.generateOneTimePasswordString(key, time, Locale.ROOT);
        } catch (InvalidKeyException e) {
            throw new IllegalArgumentException("TOTP secret unusable as an HMAC key", e);
        }
    }

    private static SecretKeySpec key(String base32Secret) {
        byte[] secret = Base32.decode(base32Secret);
        if (secret.length == 0) {
            throw new IllegalArgumentException("Empty TOTP secret");
        }
        return new SecretKeySpec(secret, TimeBasedOneTimePasswordGenerator.TOTP_ALGORITHM_HMAC_SHA1);
    }

    private static boolean isSixAsciiDigits(String code) {
        if (code == null || code.length() != DIGITS) {
            return false;
        }
        for (int i = 0; i < code.length(); i++) {
            if (code.charAt(i) < '0' || code.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}
