package org.docex.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Production-strength hashes take most of a second each, so only two are made here. */
class PasswordHasherTest {

    private static final PasswordHasher HASHER = new PasswordHasher();
    private static String first;
    private static String second;

    @BeforeAll
    static void hashTheSamePasswordTwice() {
        first = HASHER.hash(password());
        second = HASHER.hash(password());
    }

    @Test
    void hashUsesProductionParameters() {
        PasswordHash hash = PasswordHash.parse(first);

        assertTrue(first.startsWith("pbkdf2-sha256$600000$"), first);
        assertTrue(hash.iterations() >= 600_000);
        assertEquals(16, hash.salt().length);
        assertEquals(32, hash.hash().length);
        assertFalse(HASHER.needsRehash(first));
    }

    @Test
    void equalPasswordsGetDifferentSaltsAndEncodings() {
        assertNotEquals(first, second);
        assertFalse(Arrays.equals(PasswordHash.parse(first).salt(), PasswordHash.parse(second).salt()));
        assertFalse(Arrays.equals(PasswordHash.parse(first).hash(), PasswordHash.parse(second).hash()));
    }

    @Test
    void rightPasswordMatchesAndWrongOneDoesNot() {
        assertTrue(HASHER.matches(password(), first));
        assertFalse(HASHER.matches("correct horse battery stable".toCharArray(), first));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "garbage", "pbkdf2-sha256$600000$AAAA", "md5$600000$AAAAAAAAAAAAAAAAAAAAAA$AAAA",
            "pbkdf2-sha256$0$AAAAAAAAAAAAAAAAAAAAAA$AAAA", "pbkdf2-sha256$-5$AAAA$AAAA",
            "pbkdf2-sha256$99999999999$AAAA$AAAA", "pbkdf2-sha256$600000$!!!!$AAAA", "pbkdf2-sha256$600000$$AAAA"})
    void malformedStoredHashMatchesNothing(String encoded) {
        assertFalse(HASHER.matches(password(), encoded));
        assertTrue(HASHER.needsRehash(encoded));
    }

    @Test
    void tamperedStoredHashMatchesNothing() {
        PasswordHash stored = PasswordHash.parse(first);
        byte[] flipped = stored.hash();
        flipped[0] ^= 1;
        String tampered = new PasswordHash(stored.algorithm(), stored.iterations(), stored.salt(), flipped).encoded();

        assertFalse(new PasswordHasher(1_000).matches(password(), tampered.replace("$600000$", "$1000$")));
        assertFalse(HASHER.matches(password(), tampered));
        assertFalse(HASHER.matches(password(), null));
        assertTrue(HASHER.needsRehash(null));
    }

    @Test
    void weakerHashesNeedRehashAndStillMatch() {
        PasswordHasher legacy = new PasswordHasher(1_000);
        String old = legacy.hash(password());

        assertTrue(old.startsWith("pbkdf2-sha256$1000$"), old);
        assertTrue(HASHER.needsRehash(old));
        assertTrue(HASHER.matches(password(), old));
    }

    @Test
    void parseReadsWhatEncodedWrote() {
        PasswordHash hash = PasswordHash.parse(first);

        assertEquals(hash, PasswordHash.parse(hash.encoded()));
        assertEquals(first, hash.encoded());
        assertThrows(IllegalArgumentException.class, () -> PasswordHash.parse("pbkdf2-sha256$1$AA$" + "A".repeat(200)));
    }

    @Test
    void burnTimeRunsAFullStrengthHash() {
        long start = System.nanoTime();
        HASHER.burnTime(password());
        long burnt = System.nanoTime() - start;

        start = System.nanoTime();
        new PasswordHasher(1_000).burnTime(password());
        long cheap = System.nanoTime() - start;

        assertTrue(burnt > 20 * cheap, "burn " + burnt + " ns vs cheap " + cheap + " ns");
    }

    private static char[] password() {
        return "correct horse battery staple".toCharArray();
    }
}
