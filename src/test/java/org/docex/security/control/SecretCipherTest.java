package org.docex.security.control;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SecretCipherTest {

    private static final String SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

    private final SecretCipher cipher = new SecretCipher(serverKey((byte) 1));

    @Test
    void decryptsWhatItEncrypted() {
        assertEquals(SECRET, cipher.decrypt(cipher.encrypt(SECRET)));
    }

    @Test
    void outputIsIvCiphertextAndTag() {
        byte[] bytes = Base64.getDecoder().decode(cipher.encrypt(SECRET));

        assertEquals(12 + SECRET.length() + 16, bytes.length);
    }

    @Test
    void samePlaintextEncryptsDifferentlyEachTime() {
        assertNotEquals(cipher.encrypt(SECRET), cipher.encrypt(SECRET));
    }

    @Test
    void anyFlippedBitIsDetected() {
        byte[] bytes = Base64.getDecoder().decode(cipher.encrypt(SECRET));
        for (int i = 0; i < bytes.length; i++) {
            byte[] tampered = bytes.clone();
            tampered[i] ^= 0x10;
            String encoded = Base64.getEncoder().encodeToString(tampered);

            assertThrows(IllegalStateException.class, () -> cipher.decrypt(encoded), "byte " + i);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "not base64!", "AAAA"})
    void malformedValuesAreRefused(String encoded) {
        assertThrows(IllegalStateException.class, () -> cipher.decrypt(encoded));
    }

    @Test
    void anotherServerKeyCannotDecrypt() {
        String encrypted = cipher.encrypt(SECRET);

        assertThrows(IllegalStateException.class, () -> new SecretCipher(serverKey((byte) 2)).decrypt(encrypted));
    }

    @Test
    void shortServerKeyIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new SecretCipher(new byte[31]));
    }

    @Test
    void keyDerivationIsHkdfSha256() {
        // RFC 5869 test case 3 (empty salt and info); its first 32 bytes of output.
        byte[] inputKey = new byte[22];
        Arrays.fill(inputKey, (byte) 0x0b);

        assertArrayEquals(HexFormat.of().parseHex("8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d"),
                SecretCipher.hkdfSha256(inputKey, new byte[0]));
    }

    private static byte[] serverKey(byte fill) {
        byte[] key = new byte[32];
        Arrays.fill(key, fill);
        return key;
    }
}
