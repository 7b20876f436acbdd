package org.docex.mfa.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.OptionalLong;
import javax.crypto.spec.SecretKeySpec;

import com.eatthepath.otp.TimeBasedOneTimePasswordGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TotpVerifierTest {

    /** RFC 6238 Appendix B: the SHA-1 seed is the ASCII string "12345678901234567890". */
    private static final byte[] RFC_SEED = "12345678901234567890".getBytes(StandardCharsets.US_ASCII);
    private static final String SECRET = "JBSWY3DPEHPK3PXP";
    private static final Instant NOW = Instant.ofEpochSecond(1_800_000_015L);
    private static final long NOW_STEP = 60_000_000L;

    private final TotpVerifier verifier = new TotpVerifier();

    @ParameterizedTest
    @CsvSource({"59, 94287082", "1111111109, 07081804", "1111111111, 14050471", "1234567890, 89005924",
            "2000000000, 69279037", "20000000000, 65353130"})
    void javaOtpReproducesTheRfc6238Sha1Vectors(long epochSecond, String expected) throws Exception {
        var eightDigits = new TimeBasedOneTimePasswordGenerator(Duration.ofSeconds(30), 8,
                TimeBasedOneTimePasswordGenerator.TOTP_ALGORITHM_HMAC_SHA1);

        String code = eightDigits.generateOneTimePasswordString(new SecretKeySpec(RFC_SEED, "HmacSHA1"),
                Instant.ofEpochSecond(epochSecond), Locale.ROOT);

        assertEquals(expected, code);
    }

    @ParameterizedTest
    @CsvSource({"59, 94287082", "1111111109, 07081804", "1111111111, 14050471", "1234567890, 89005924",
            "2000000000, 69279037", "20000000000, 65353130"})
    void sixDigitCodesAreTheLastSixOfTheRfcVectors(long epochSecond, String expected) {
        String secret = Base32.encode(RFC_SEED);
        Instant time = Instant.ofEpochSecond(epochSecond);

        assertEquals(expected.substring(2), verifier.codeAt(secret, time));
        assertEquals(OptionalLong.of(epochSecond / 30), verifier.matchingStep(secret, expected.substring(2), time));
    }

    @ParameterizedTest
    @ValueSource(longs = {-1, 0, 1})
    void codesOfTheStepBeforeNowAndAfterAreAcceptedWithTheirStep(long offset) {
        String code = codeOfStep(NOW_STEP + offset);

        assertEquals(OptionalLong.of(NOW_STEP + offset), verifier.matchingStep(SECRET, code, NOW));
    }

    @ParameterizedTest
    @ValueSource(longs = {-3, -2, 2, 3})
    void codesTwoOrMoreStepsAwayAreRefused(long offset) {
        String code = codeOfStep(NOW_STEP + offset);
        assertNotEqualToAcceptedCodes(code);

        assertEquals(OptionalLong.empty(), verifier.matchingStep(SECRET, code, NOW));
    }

    @Test
    void stepBoundariesFollowFloorOfEpochOverThirty() {
        Instant lastSecondOfStep = Instant.ofEpochSecond(NOW_STEP * 30 + 29);
        Instant firstSecondOfNext = Instant.ofEpochSecond(NOW_STEP * 30 + 30);

        assertEquals(verifier.codeAt(SECRET, NOW), verifier.codeAt(SECRET, lastSecondOfStep));
        assertEquals(OptionalLong.of(NOW_STEP + 2),
                verifier.matchingStep(SECRET, codeOfStep(NOW_STEP + 2), firstSecondOfNext));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "12345", "1234567", "12345a", " 12345", "123 456", "12345\n", "\u0661\u0662\u0663\u0664\u0665\u0666",
            "+12345", "-12345"})
    void malformedCodesAreRefused(String code) {
        assertEquals(OptionalLong.empty(), verifier.matchingStep(SECRET, code, NOW));
    }

    @Test
    void missingCodeIsRefused() {
        assertEquals(OptionalLong.empty(), verifier.matchingStep(SECRET, null, NOW));
    }

    @Test
    void sevenDigitCodeStartingWithTheRightSixIsRefused() {
        assertEquals(OptionalLong.empty(), verifier.matchingStep(SECRET, verifier.codeAt(SECRET, NOW) + "0", NOW));
    }

    @Test
    void newSecretsAreRandom160BitBase32() {
        String secret = TotpVerifier.newSecret();

        assertTrue(secret.matches("[A-Z2-7]{32}"), secret);
        assertEquals(20, Base32.decode(secret).length);
        assertNotEquals(secret, TotpVerifier.newSecret());
    }

    private String codeOfStep(long step) {
        return verifier.codeAt(SECRET, Instant.ofEpochSecond(step * 30));
    }

    private void assertNotEqualToAcceptedCodes(String code) {
        for (long step = NOW_STEP - 1; step <= NOW_STEP + 1; step++) {
            assertNotEquals(codeOfStep(step), code, "fixture collision: pick another NOW");
        }
    }
}
