package org.docex.security.control;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SigningKeyTest {

    @Test
    void aConfiguredSecretOfAtLeast256BitsIsUsedAsItIs() {
        String secret = "0123456789abcdef0123456789abcdef";
        assertArrayEquals(secret.getBytes(StandardCharsets.UTF_8), SigningKey.checkedConfiguredSecret(secret));
    }

    @Test
    void aShorterSecretStopsTheStart() {
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> SigningKey.checkedConfiguredSecret("0123456789abcdef0123456789abcde"));
        assertTrue(refused.getMessage().contains("DOCEX_JWT_SECRET"), refused.getMessage());
        assertTrue(!refused.getMessage().contains("0123456789"), "the secret itself is not in the message");
    }

    @Test
    void lengthIsCountedInBytesSoMultiByteCharactersCount() {
        String sixteenUmlauts = "ä".repeat(16);
        assertArrayEquals(sixteenUmlauts.getBytes(StandardCharsets.UTF_8), SigningKey.checkedConfiguredSecret(sixteenUmlauts));
    }
}
