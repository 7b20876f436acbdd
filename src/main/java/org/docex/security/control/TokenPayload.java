package org.docex.security.control;

import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.docex.SharedJsonProvider.JSON;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonConfig;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonReaderFactory;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/** The JSON of a token's header and claims; every claim docex writes must come back with its type. */
final class TokenPayload {

    /** Duplicate members would let a header or payload mean different things to different readers. */
    private static final JsonReaderFactory READERS = JSON.createReaderFactory(
            Map.of(JsonConfig.KEY_STRATEGY, JsonConfig.KeyStrategy.NONE));

    private TokenPayload() {
    }

    static String toJson(TokenClaims claims) {
        JsonArrayBuilder groups = JSON.createArrayBuilder();
        claims.groups().forEach(groups::add);
        return JSON.createObjectBuilder()
                .add("sub", claims.subject())
                .add("role", claims.role())
                .add("mfa", claims.mfa())
                .add("iat", claims.issuedAt().getEpochSecond())
                .add("exp", claims.expiresAt().getEpochSecond())
                .add("iss", claims.issuer())
                .add("jti", claims.jwtId())
                .add("groups", groups)
                .build()
                .toString();
    }

    static JsonObject parseObject(byte[] utf8) throws InvalidTokenException {
        try (JsonReader reader = READERS.createReader(new StringReader(strictUtf8(utf8)))) {
            return reader.readObject();
        } catch (JsonException | IllegalStateException e) {
            throw new InvalidTokenException("Token segment is not a JSON object", e);
        }
    }

    static TokenClaims fromJson(JsonObject json) throws InvalidTokenException {
        return new TokenClaims(string(json, "sub"), string(json, "role"), bool(json, "mfa"),
                instant(json, "iat"), instant(json, "exp"), string(json, "iss"), string(json, "jti"),
                strings(json, "groups"));
    }

    private static String strictUtf8(byte[] bytes) throws InvalidTokenException {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new InvalidTokenException("Token segment is not UTF-8", e);
        }
    }

    private static String string(JsonObject json, String name) throws InvalidTokenException {
        if (json.get(name) instanceof JsonString value && !value.getString().isBlank()) {
            return value.getString();
        }
        throw new InvalidTokenException("Claim " + name + " missing or not a non-blank string");
    }

    private static boolean bool(JsonObject json, String name) throws InvalidTokenException {
        JsonValue value = json.get(name);
        if (value != null && value.getValueType() == JsonValue.ValueType.TRUE) {
            return true;
        }
        if (value != null && value.getValueType() == JsonValue.ValueType.FALSE) {
            return false;
        }
        throw new InvalidTokenException("Claim " + name + " missing or not a boolean");
    }

    private static Instant instant(JsonObject json, String name) throws InvalidTokenException {
        try {
            if (json.get(name) instanceof JsonNumber number && number.isIntegral()) {
                return Instant.ofEpochSecond(number.longValueExact());
            }
        } catch (ArithmeticException | DateTimeException e) {
            throw new InvalidTokenException("Claim " + name + " out of range", e);
        }
        throw new InvalidTokenException("Claim " + name + " missing or not whole seconds");
    }

    private static List<String> strings(JsonObject json, String name) throws InvalidTokenException {
        if (!(json.get(name) instanceof JsonArray array)) {
            throw new InvalidTokenException("Claim " + name + " missing or not an array");
        }
        List<String> values = new ArrayList<>();
        for (JsonValue value : array) {
            if (!(value instanceof JsonString string)) {
                throw new InvalidTokenException("Claim " + name + " holds a non-string");
            }
            values.add(string.getString());
        }
        return values;
    }
}
