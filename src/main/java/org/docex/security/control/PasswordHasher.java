package org.docex.security.control;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/** PBKDF2-HMAC-SHA256 password hashing at the OWASP 2023 work factor. */
public class PasswordHasher {

    public static final int ITERATIONS = 600_000;

    private static final int SALT_BYTES = 16;
    private static final int HASH_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final int iterations;
    private final PasswordHash dummy;

    public PasswordHasher() {
        this(ITERATIONS);
    }

    /** A cheaper hasher, for tests of the upgrade path only. */
    PasswordHasher(int iterations) {
        this.iterations = iterations;
        this.dummy = new PasswordHash(PasswordHash.PBKDF2_SHA256, iterations, new byte[SALT_BYTES], new byte[HASH_BYTES]);
    }

    public String hash(char[] password) {
        byte[] salt = new byte[SALT_BYTES];
        RANDOM.nextBytes(salt);
        return new PasswordHash(PasswordHash.PBKDF2_SHA256, iterations, salt,
                pbkdf2(password, salt, iterations, HASH_BYTES)).encoded();
    }

    /** False for a wrong password and for a stored string that is not a hash (which the caller may log). */
    public boolean matches(char[] password, String encoded) {
        PasswordHash stored;
        try {
            stored = PasswordHash.parse(encoded);
        } catch (IllegalArgumentException e) {
            return false;
        }
        return matches(password, stored);
    }

    /** True when the stored hash is weaker than what {@link #hash} writes now; rehash after a good login. */
    public boolean needsRehash(String encoded) {
        try {
            PasswordHash stored = PasswordHash.parse(encoded);
            return stored.iterations() < ITERATIONS || stored.hash().length < HASH_BYTES;
        } catch (IllegalArgumentException e) {
            return true;
        }
    }

    /**
     * Does the work of a real check for a user who does not exist or is disabled, so that the
     * answer time does not tell which e-mail addresses have accounts.
     */
    public void burnTime(char[] password) {
        matches(password, dummy);
    }

    private static boolean matches(char[] password, PasswordHash stored) {
        byte[] expected = stored.hash();
        byte[] actual = pbkdf2(password, stored.salt(), stored.iterations(), expected.length);
        return MessageDigest.isEqual(expected, actual);
    }

    private static byte[] pbkdf2(char[] password, byte[] salt, int iterations, int bytes) {
        PBEKeySpec spec = new PBEKeySpec(password, salt, iterations, bytes * 8);
        try {
            return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("PBKDF2WithHmacSHA256 unavailable", e);
        } finally {
            spec.clearPassword();
        }
    }
}
