package org.docex.security.control;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.docex.schema.SchemaReady;
import org.junit.jupiter.api.Test;

/** The generated signing key's row in the database, with and without a key-encryption key. */
class StoredSigningKeyTest {

    private static final String KEK = "key-encryption-key-of-32-bytes-or-more";
    private static final String NEXT_KEK = "the-key-encryption-key-that-replaced-it";

    private final Map<String, String> database = new HashMap<>();

    @Test
    void withAKeyEncryptionKeyTheDatabaseHoldsNoPlainKey() {
        SigningKey key = started(KEK, null);

        String row = database.get(SigningKey.SETTING);
        String plain = Base64.getEncoder().encodeToString(key.derivationInputs().get(0));
        assertFalse(row.contains(plain), row);
        assertFalse(row.contains(Base64.getEncoder().withoutPadding().encodeToString(key.derivationInputs().get(0))), row);
        assertArrayEquals(key.derivationInputs().get(0), started(KEK, null).derivationInputs().get(0), "a restart unwraps it");
    }

    @Test
    void aKeyKeptPlainBeforeIsWrappedOnceAKeyEncryptionKeyIsSet() {
        SigningKey before = started(null, null);
        String plain = database.get(SigningKey.SETTING);
        assertEquals(plain, Base64.getEncoder().encodeToString(before.derivationInputs().get(0)));

        SigningKey after = started(KEK, null);

        assertArrayEquals(before.derivationInputs().get(0), after.derivationInputs().get(0), "tokens stay valid");
        assertFalse(database.get(SigningKey.SETTING).contains(plain));
    }

    @Test
    void aRotatedKeyEncryptionKeyUnwrapsWithThePreviousOneAndRewraps() {
        byte[] key = started(KEK, null).derivationInputs().get(0);
        String wrappedUnderOld = database.get(SigningKey.SETTING);

        assertArrayEquals(key, started(NEXT_KEK, KEK).derivationInputs().get(0));
        assertNotEquals(wrappedUnderOld, database.get(SigningKey.SETTING));
        assertArrayEquals(key, started(NEXT_KEK, null).derivationInputs().get(0), "the old key-encryption key is no longer needed");
    }

    @Test
    void aWrappedKeyWithoutItsKeyEncryptionKeyStopsTheStart() {
        started(KEK, null);

        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> started(null, null));
        assertTrue(refused.getMessage().contains("DOCEX_KEY_ENCRYPTION_KEY"), refused.getMessage());
        assertThrows(IllegalStateException.class, () -> started(NEXT_KEK, null));
    }

    @Test
    void aShortKeyEncryptionKeyStopsTheStart() {
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> started("too short", null));
        assertTrue(refused.getMessage().contains("DOCEX_KEY_ENCRYPTION_KEY"), refused.getMessage());
        assertFalse(refused.getMessage().contains("too short"), "the key itself is not in the message");
        assertTrue(database.isEmpty());
    }

    @Test
    void aConfiguredSecretKeepsTheGeneratedKeyForWhatWasEncryptedUnderIt() {
        byte[] generated = started(KEK, null).derivationInputs().get(0);
        SigningKey configured = started(KEK, null, "a-configured-signing-key-of-32-bytes-at-least");

        List<byte[]> inputs = configured.derivationInputs();
        assertEquals(2, inputs.size());
        assertArrayEquals(generated, inputs.get(1));
        String token = configured.codec().sign(TokenClaims.issue("someone", "analyst", false, Instant.now(),
                java.time.Duration.ofMinutes(5), "id"));
        assertThrows(InvalidTokenException.class, () -> started(KEK, null).codec().verify(token, Instant.now()),
                "tokens of another key are refused");
    }

    private SigningKey started(String kek, String previousKek) {
        return started(kek, previousKek, null);
    }

    private SigningKey started(String kek, String previousKek, String jwtSecret) {
        SigningKey key = new SigningKey();
        key.configured = Optional.ofNullable(jwtSecret);
        key.previous = Optional.empty();
        key.keyEncryptionKey = Optional.ofNullable(kek);
        key.previousKeyEncryptionKey = Optional.ofNullable(previousKek);
        key.settings = new InMemorySettings(database);
        key.onSchemaReady(new SchemaReady(12));
        return key;
    }

    private static final class InMemorySettings extends Settings {

        private final Map<String, String> rows;

        InMemorySettings(Map<String, String> rows) {
            this.rows = rows;
        }

        @Override
        public String putIfAbsent(String name, String candidate) {
            return rows.computeIfAbsent(name, absent -> candidate);
        }

        @Override
        public void replace(String name, String expected, String value) {
            rows.replace(name, expected, value);
        }

        @Override
        Optional<String> find(String name) {
            return Optional.ofNullable(rows.get(name));
        }
    }
}
