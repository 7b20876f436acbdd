package org.docex.security.control;

import java.util.Arrays;
import java.util.Base64;
import java.util.Objects;

/**
 * A stored password hash that names its own parameters, {@code pbkdf2-sha256$600000$<salt>$<hash>}
 * (unpadded standard base64), so the work factor can be raised later without breaking old hashes.
 */
public record PasswordHash(String algorithm, int iterations, byte[] salt, byte[] hash) {

    public static final String PBKDF2_SHA256 = "pbkdf2-sha256";
    /** Refuses stored strings that would make one login run for minutes. */
    static final int MAX_ITERATIONS = 10_000_000;
    /** PBKDF2 runs all its iterations again for each 32 bytes of output asked for. */
    static final int MAX_BYTES = 64;

    private static final Base64.Encoder ENCODER = Base64.getEncoder().withoutPadding();

    public PasswordHash {
        if (!PBKDF2_SHA256.equals(algorithm)) {
            throw new IllegalArgumentException("Unsupported password hash algorithm");
        }
        if (iterations < 1 || iterations > MAX_ITERATIONS) {
            throw new IllegalArgumentException("Password hash iterations out of range");
        }
        if (!lengthWithin(salt) || !lengthWithin(hash)) {
            throw new IllegalArgumentException("Password hash needs a salt and a hash of 1 to " + MAX_BYTES + " bytes");
        }
        salt = salt.clone();
        hash = hash.clone();
    }

    @Override
    public byte[] salt() {
        return salt.clone();
    }

    @Override
    public byte[] hash() {
        return hash.clone();
    }

    public String encoded() {
        return algorithm + "$" + iterations + "$" + ENCODER.encodeToString(salt) + "$" + ENCODER.encodeToString(hash);
    }

    /** @throws IllegalArgumentException if the string is not a hash this class wrote */
    public static PasswordHash parse(String encoded) {
        String[] parts = encoded == null ? new String[0] : encoded.split("\\$", -1);
        if (parts.length != 4 || !parts[1].matches("[1-9][0-9]{0,8}")) {
            throw new IllegalArgumentException("Not an encoded password hash");
        }
        Base64.Decoder decoder = Base64.getDecoder();
        return new PasswordHash(parts[0], Integer.parseInt(parts[1]), decoder.decode(parts[2]), decoder.decode(parts[3]));
    }

    private static boolean lengthWithin(byte[] bytes) {
        return bytes != null && bytes.length > 0 && bytes.length <= MAX_BYTES;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PasswordHash that && algorithm.equals(that.algorithm)
                && iterations == that.iterations && Arrays.equals(salt, that.salt) && Arrays.equals(hash, that.hash);
    }

    @Override
    public int hashCode() {
        return Objects.hash(algorithm, iterations, Arrays.hashCode(salt), Arrays.hashCode(hash));
    }

    @Override
    public String toString() {
        return algorithm + "$" + iterations + "$...";
    }
}
