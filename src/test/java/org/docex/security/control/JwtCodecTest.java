package org.docex.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JwtCodecTest {

    private static final Instant NOW = Instant.parse("2026-11-21T10:15:30Z");
    private static final String VALID_PAYLOAD = """
            {"sub":"ann@example.com","role":"analyst","mfa":false,"iat":%d,"exp":%d,\
            "iss":"docex","jti":"j1","groups":["analyst"]}""".formatted(
            NOW.getEpochSecond(), NOW.plus(Duration.ofDays(1)).getEpochSecond());

    private final JwtCodec codec = new JwtCodec(secret());

    @Test
    void signedTokenVerifiesToTheSameClaims() throws Exception {
        TokenClaims claims = annsClaims();

        TokenClaims verified = codec.verify(codec.sign(claims), NOW.plusSeconds(60));

        assertEquals(claims, verified);
        assertEquals(List.of("analyst"), verified.groups());
        assertEquals("docex", verified.issuer());
    }

    @Test
    void headerIsExactlyHs256Jwt() {
        String header = codec.sign(annsClaims()).split("\\.")[0];

        assertEquals("{\"alg\":\"HS256\",\"typ\":\"JWT\"}", text(header));
        assertTrue(header.matches("[A-Za-z0-9_-]+"));
    }

    @Test
    void payloadCarriesEpochSecondClaims() {
        String payload = text(codec.sign(annsClaims()).split("\\.")[1]);

        assertTrue(payload.contains("\"iat\":" + NOW.getEpochSecond()), payload);
        assertTrue(payload.contains("\"exp\":" + NOW.plus(Duration.ofDays(1)).getEpochSecond()), payload);
        assertTrue(payload.contains("\"mfa\":false"), payload);
        assertTrue(payload.contains("\"groups\":[\"analyst\"]"), payload);
    }

    @Test
    void shortSecretIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new JwtCodec(new byte[31]));
        assertThrows(IllegalArgumentException.class, () -> new JwtCodec(null));
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "None", "NONE", "nOnE"})
    void algNoneIsRefusedWithoutSignature(String alg) {
        String token = encode("{\"alg\":\"" + alg + "\",\"typ\":\"JWT\"}") + "." + encode(VALID_PAYLOAD) + ".";

        assertRefused(token);
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "None", "NONE", "nOnE"})
    void algNoneIsRefusedEvenWithAValidMac(String alg) {
        assertRefused(forge("{\"alg\":\"" + alg + "\",\"typ\":\"JWT\"}", VALID_PAYLOAD, "HmacSHA256", secret()), "alg");
    }

    @ParameterizedTest
    @ValueSource(strings = {"HS384:HmacSHA384", "HS512:HmacSHA512", "RS256:HmacSHA256", "ES256:HmacSHA256",
            "hs256:HmacSHA256", "HS256 :HmacSHA256"})
    void otherAlgorithmsAreRefusedEvenSignedWithOurKey(String algAndMac) {
        String[] parts = algAndMac.split(":");
        String header = "{\"alg\":\"" + parts[0] + "\",\"typ\":\"JWT\"}";

        assertRefused(forge(header, VALID_PAYLOAD, parts[1], secret()), "alg");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"kid\":\"1\"", "\"jku\":\"https://evil.example/jwks\"", "\"jwk\":{\"kty\":\"oct\"}",
            "\"x5u\":\"https://evil.example/c\"", "\"x5c\":[\"MIIB\"]", "\"crit\":[\"exp\"]"})
    void keyAndCriticalHeadersAreRefused(String member) {
        String header = "{\"alg\":\"HS256\",\"typ\":\"JWT\"," + member + "}";

        assertRefused(forge(header, VALID_PAYLOAD, "HmacSHA256", secret()), "Header member");
    }

    @Test
    void headerWithoutAlgOrWithDuplicateAlgIsRefused() {
        assertRefused(forge("{\"typ\":\"JWT\"}", VALID_PAYLOAD, "HmacSHA256", secret()));
        assertRefused(forge("{\"alg\":\"none\",\"alg\":\"HS256\"}", VALID_PAYLOAD, "HmacSHA256", secret()));
        assertRefused(forge("{\"alg\":[\"HS256\"]}", VALID_PAYLOAD, "HmacSHA256", secret()));
    }

    @Test
    void forgedTokenWithTheRightHeaderVerifies() throws Exception {
        // Guards the forge() fixture: the refusals above are for the header, not a fixture mistake.
        String token = forge("{\"alg\":\"HS256\",\"typ\":\"JWT\"}", VALID_PAYLOAD, "HmacSHA256", secret());

        assertEquals("ann@example.com", codec.verify(token, NOW).subject());
    }

    @Test
    void changedPayloadWithTheOldSignatureIsRefused() {
        String[] parts = codec.sign(annsClaims()).split("\\.");
        String adminPayload = encode(text(parts[1]).replace("\"analyst\"", "\"admin\""));

        assertRefused(parts[0] + "." + adminPayload + "." + parts[2], "Signature");
    }

    @Test
    void tokenSignedWithAnotherKeyIsRefused() {
        byte[] otherSecret = secret();
        otherSecret[0] ^= 1;

        assertRefused(new JwtCodec(otherSecret).sign(annsClaims()), "Signature");
    }

    @ParameterizedTest
    @ValueSource(strings = {"sub", "role", "exp", "iat", "mfa", "iss", "jti", "groups"})
    void missingClaimIsRefused(String claim) {
        String payload = VALID_PAYLOAD.replaceFirst("\"" + claim + "\":(\"[^\"]*\"|\\[[^\\]]*\\]|[a-z0-9]+),?", "")
                .replace(",}", "}");

        assertRefused(forge("{\"alg\":\"HS256\"}", payload, "HmacSHA256", secret()), claim);
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"sub\":7", "\"role\":[\"admin\"]", "\"mfa\":\"true\"", "\"exp\":\"9999999999\"",
            "\"exp\":1.5", "\"iat\":null", "\"exp\":99999999999999999999999", "\"sub\":\" \""})
    void wronglyTypedClaimIsRefused(String claim) {
        String name = claim.substring(1, claim.indexOf('"', 1));
        String payload = VALID_PAYLOAD.replaceFirst("\"" + name + "\":(\"[^\"]*\"|[a-z0-9]+)", claim);

        assertRefused(forge("{\"alg\":\"HS256\"}", payload, "HmacSHA256", secret()), name);
    }

    @Test
    void expiredTokenIsRefusedFromTheSecondOfExpiry() throws Exception {
        TokenClaims claims = annsClaims();
        String token = codec.sign(claims);

        codec.verify(token, claims.expiresAt().minusSeconds(1));
        assertThrows(InvalidTokenException.class, () -> codec.verify(token, claims.expiresAt()));
        assertThrows(InvalidTokenException.class, () -> codec.verify(token, claims.expiresAt().plusSeconds(3600)));
    }

    @Test
    void foreignIssuerIsRefused() {
        TokenClaims foreign = new TokenClaims("ann@example.com", "admin", true, NOW, NOW.plusSeconds(600),
                "someone-else", "j2", List.of("admin"));

        assertRefused(codec.sign(foreign), "issuer");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", "a.b", "a.b.c.d", "...", "..", "not a token at all", "\u00e9.\u00e9.\u00e9"})
    void malformedTokensAreRefused(String token) {
        assertRefused(token);
    }

    @Test
    void twoOrFourSegmentsOfAGoodTokenAreRefused() {
        String token = codec.sign(annsClaims());

        assertRefused(token.substring(0, token.lastIndexOf('.')), "segments");
        assertRefused(token + "." + token.split("\\.")[2], "segments");
    }

    @Test
    void paddingAndWhitespaceTricksAreRefused() {
        String token = codec.sign(annsClaims());
        String[] parts = token.split("\\.");

        assertRefused(" " + token);
        assertRefused(token + "\n");
        assertRefused(parts[0] + "==." + parts[1] + "." + parts[2]);
        assertRefused(parts[0] + "." + parts[1] + "." + parts[2] + "=");
        assertRefused(parts[0] + "." + parts[1] + ". " + parts[2]);
        assertRefused(parts[0] + "." + parts[1] + "." + parts[2].replace('-', '+').replace('_', '/') + "+/");
    }

    @Test
    void nonCanonicalBase64OfTheSignatureIsRefused() {
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        String token = codec.sign(annsClaims());
        // 32 bytes take 43 characters; the last one carries 2 spare bits that the encoder leaves zero.
        int last = alphabet.indexOf(token.charAt(token.length() - 1));
        String sameBytes = token.substring(0, token.length() - 1) + alphabet.charAt(last | 1);

        assertEquals(32, Base64.getUrlDecoder().decode(token.split("\\.")[2]).length);
        assertTrue(Arrays.equals(Base64.getUrlDecoder().decode(token.split("\\.")[2]),
                Base64.getUrlDecoder().decode(sameBytes.split("\\.")[2])));
        assertRefused(sameBytes);
    }

    @Test
    void tokenOverEightKilobytesIsRefusedBeforeParsing() throws Exception {
        String padded = VALID_PAYLOAD.replace("\"j1\"", "\"" + "j".repeat(8 * 1024) + "\"");

        assertRefused(forge("{\"alg\":\"HS256\"}", padded, "HmacSHA256", secret()), "longer than");
        assertRefused("x".repeat(100_000), "longer than");
    }

    private void assertRefused(String token) {
        assertThrows(InvalidTokenException.class, () -> codec.verify(token, NOW));
    }

    private void assertRefused(String token, String reason) {
        InvalidTokenException refusal = assertThrows(InvalidTokenException.class, () -> codec.verify(token, NOW));
        assertTrue(refusal.getMessage().contains(reason), refusal.getMessage());
    }

    private static TokenClaims annsClaims() {
        return TokenClaims.issue("ann@example.com", "analyst", false, NOW, Duration.ofHours(24), "a1b2c3");
    }

    private static byte[] secret() {
        byte[] secret = new byte[32];
        Arrays.fill(secret, (byte) 7);
        return secret;
    }

    private static String forge(String header, String payload, String macAlgorithm, byte[] key) {
        try {
            String input = encode(header) + "." + encode(payload);
            Mac mac = Mac.getInstance(macAlgorithm);
            mac.init(new SecretKeySpec(key, macAlgorithm));
            byte[] signature = mac.doFinal(input.getBytes(StandardCharsets.US_ASCII));
            return input + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(signature);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static String encode(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    private static String text(String segment) {
        return new String(Base64.getUrlDecoder().decode(segment), StandardCharsets.UTF_8);
    }
}
