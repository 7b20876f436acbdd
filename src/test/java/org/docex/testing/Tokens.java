package org.docex.testing;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** Builds and takes apart JWTs the way an attacker would, to test what the server refuses. */
public final class Tokens {

    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();

    private Tokens() {
    }

    public static JsonObject header(String token) {
        return part(token, 0);
    }

    public static JsonObject payload(String token) {
        return part(token, 1);
    }

    public static String encode(JsonObject json) {
        return ENCODER.encodeToString(json.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** header.payload signed with {@code algorithm} (HmacSHA256, HmacSHA384, HmacSHA512) and {@code key}. */
    public static String sign(JsonObject header, JsonObject payload, String algorithm, String key) {
        String input = encode(header) + "." + encode(payload);
        try {
            Mac mac = Mac.getInstance(algorithm);
            mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), algorithm));
            return input + "." + ENCODER.encodeToString(mac.doFinal(input.getBytes(StandardCharsets.US_ASCII)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The token with its signature's first characters replaced: what it says unchanged, its signature no longer its own. */
    public static String withForgedSignature(String token) {
        int signature = token.lastIndexOf('.') + 1;
        String forged = token.substring(signature, signature + 4).equals("AAAA") ? "BBBB" : "AAAA";
        return token.substring(0, signature) + forged + token.substring(signature + 4);
    }

    public static JsonObjectBuilder copy(JsonObject json) {
        return Json.createObjectBuilder(json);
    }

    private static JsonObject part(String token, int index) {
        String json = new String(Base64.getUrlDecoder().decode(token.split("\\.")[index]), StandardCharsets.UTF_8);
        try (var reader = Json.createReader(new StringReader(json))) {
            return reader.readObject();
        }
    }
}
