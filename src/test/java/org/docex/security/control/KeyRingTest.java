package org.docex.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class KeyRingTest {

    private static final String SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    private static final String LABEL = SecretCipher.MFA_LABEL;

    @Test
    void aValueNamesTheKeyItWasWrittenUnder() {
        String stored = new KeyRing(List.of(key(1)), LABEL).encrypt(SECRET);

        assertTrue(stored.matches("k[0-9a-f]{8}:[A-Za-z0-9+/=]+"), stored);
        assertEquals(SECRET, new KeyRing(List.of(key(1)), LABEL).decrypt(stored));
    }

    @Test
    void aValueOfTheReplacedKeyIsReadWhileThatKeyIsThePreviousOne() {
        String old = new KeyRing(List.of(key(1)), LABEL).encrypt(SECRET);
        KeyRing rotated = new KeyRing(List.of(key(2), key(1)), LABEL);

        assertEquals(SECRET, rotated.decrypt(old));
        assertFalse(rotated.isCurrent(old));
        assertTrue(rotated.isCurrent(rotated.encrypt(SECRET)));
        assertEquals(SECRET, new KeyRing(List.of(key(2)), LABEL).decrypt(rotated.encrypt(SECRET)), "new values use the new key");
    }

    @Test
    void aValueWrittenBeforeKeysHadIdsIsReadUnderAnyKeyOfTheRing() {
        String unversioned = new SecretCipher(key(1), LABEL).encrypt(SECRET);

        assertEquals(SECRET, new KeyRing(List.of(key(1)), LABEL).decrypt(unversioned));
        assertEquals(SECRET, new KeyRing(List.of(key(2), key(1)), LABEL).decrypt(unversioned));
        assertThrows(IllegalStateException.class, () -> new KeyRing(List.of(key(2)), LABEL).decrypt(unversioned));
    }

    @Test
    void aValueOfAKeyNoLongerConfiguredIsRefusedNamingItsKey() {
        String stored = new KeyRing(List.of(key(1)), LABEL).encrypt(SECRET);

        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> new KeyRing(List.of(key(3), key(2)), LABEL).decrypt(stored));
        assertTrue(refused.getMessage().contains(stored.substring(0, 9)), refused.getMessage());
    }

    @Test
    void theKeyIdDiffersBetweenKindsOfSecret() {
        String mfa = new KeyRing(List.of(key(1)), LABEL).encrypt(SECRET);
        String webhook = new KeyRing(List.of(key(1)), "docex webhook secret").encrypt(SECRET);

        assertFalse(mfa.substring(0, 10).equals(webhook.substring(0, 10)));
    }

    private static byte[] key(int fill) {
        byte[] key = new byte[32];
        Arrays.fill(key, (byte) fill);
        return key;
    }
}
