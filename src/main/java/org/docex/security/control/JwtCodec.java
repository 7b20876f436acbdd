package org.docex.security.control;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Arrays;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * Signs and verifies HS256 JSON Web Tokens with the JDK's HMAC alone. The algorithm is pinned:
 * the header may name nothing but {@code HS256}, so no token can choose how it is checked.
 *
 * <p>Why no JOSE library: the servers' MicroProfile JWT implementations verify only public-key
 * algorithms (Payara's refuses HS256 tokens and {@code oct} keys), so docex verifies its tokens in
 * its own authentication mechanism either way; and Payara loads its own nimbus-jose-jwt parent-first,
 * whatever version the WAR ships, so a library here would be the server's version, not ours. What
 * remains is one fixed header, an HMAC and a constant-time comparison, all from the JDK.
 */
public class JwtCodec {

    public static final int MIN_SECRET_BYTES = 32;
    public static final int MAX_TOKEN_CHARS = 8 * 1024;

    private static final String HMAC = "HmacSHA256";
    private static final String HEADER = Base64Url.encode(
            "{\"alg\":\"HS256\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8));
    /** Anything else (kid, jku, jwk, x5u, x5c, crit, ...) asks us to trust something outside the token's MAC. */
    private static final Set<String> HEADER_MEMBERS = Set.of("alg", "typ");

    private final SecretKeySpec key;

    public JwtCodec(byte[] secret) {
        if (secret == null || secret.length < MIN_SECRET_BYTES) {
            throw new IllegalArgumentException("JWT secret must be at least " + MIN_SECRET_BYTES + " bytes");
        }
        this.key = new SecretKeySpec(Arrays.copyOf(secret, secret.length), HMAC);
    }

    public String sign(TokenClaims claims) {
        String payload = Base64Url.encode(TokenPayload.toJson(claims).getBytes(StandardCharsets.UTF_8));
        String signingInput = HEADER + "." + payload;
        return signingInput + "." + Base64Url.encode(mac(signingInput));
    }

    public TokenClaims verify(String token, Instant now) throws InvalidTokenException {
        if (token == null || token.length() > MAX_TOKEN_CHARS) {
            throw new InvalidTokenException("Token missing or longer than " + MAX_TOKEN_CHARS + " characters");
        }
        String[] segments = token.split("\\.", -1);
        if (segments.length != 3) {
            throw new InvalidTokenException("Token has " + segments.length + " segments, not 3");
        }
        byte[] header = decode(segments[0], "header");
        byte[] payload = decode(segments[1], "payload");
        byte[] signature = decode(segments[2], "signature");
        checkHeader(TokenPayload.parseObject(header));
        if (!MessageDigest.isEqual(mac(segments[0] + "." + segments[1]), signature)) {
            throw new InvalidTokenException("Signature mismatch");
        }
        TokenClaims claims = TokenPayload.fromJson(TokenPayload.parseObject(payload));
        if (!TokenClaims.ISSUER.equals(claims.issuer())) {
            throw new InvalidTokenException("Unexpected issuer " + claims.issuer());
        }
        if (!claims.expiresAt().isAfter(now)) {
            throw new ExpiredTokenException("Token expired at " + claims.expiresAt());
        }
        return claims;
    }

    private static void checkHeader(JsonObject header) throws InvalidTokenException {
        for (String member : header.keySet()) {
            if (!HEADER_MEMBERS.contains(member)) {
                throw new InvalidTokenException("Header member not allowed: " + member);
            }
        }
        if (!isString(header.get("alg"), "HS256")) {
            throw new InvalidTokenException("Header alg is not HS256: " + header.get("alg"));
        }
        if (header.containsKey("typ") && !isString(header.get("typ"), "JWT")) {
            throw new InvalidTokenException("Header typ is not JWT: " + header.get("typ"));
        }
    }

    private static boolean isString(JsonValue value, String expected) {
        return value instanceof JsonString string && string.getString().equals(expected);
    }

    private static byte[] decode(String segment, String name) throws InvalidTokenException {
        return Base64Url.decode(segment)
                .filter(bytes -> bytes.length > 0)
                .orElseThrow(() -> new InvalidTokenException("Token " + name + " is not base64url"));
    }

    private byte[] mac(String signingInput) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(key);
            return mac.doFinal(signingInput.getBytes(StandardCharsets.US_ASCII));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }
}
