package org.docex.security.control;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Encrypts secrets for storage with AES-256-GCM (TOTP secrets, webhook secrets), so a copy of the
 * database alone does not give them away. The AES key is derived from the server key with
 * HKDF-SHA256 and the label of its use, so the same server key can also sign tokens without the
 * uses meeting.
 */
public class SecretCipher {

    public static final int MIN_KEY_BYTES = 32;

    /** The label of TOTP secrets' key. */
    public static final String MFA_LABEL = "docex mfa secret";
    private static final String TRANSFORMATION = "AES/GCM/NoPadding";
    private static final int IV_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SecretKeySpec key;

    public SecretCipher(byte[] serverKey) {
        this(serverKey, MFA_LABEL);
    }

    /** A cipher for one kind of secret: {@code label} keeps its key apart from every other use of the server key. */
    public SecretCipher(byte[] serverKey, String label) {
        if (serverKey == null || serverKey.length < MIN_KEY_BYTES) {
            throw new IllegalArgumentException("Server key must be at least " + MIN_KEY_BYTES + " bytes");
        }
        this.key = new SecretKeySpec(hkdfSha256(serverKey, label.getBytes(StandardCharsets.US_ASCII)), "AES");
    }

    /** @return base64 of the 12-byte IV followed by the ciphertext and its 16-byte tag */
    public String encrypt(String plaintext) {
        byte[] iv = new byte[IV_BYTES];
        RANDOM.nextBytes(iv);
        try {
            Cipher cipher = Cipher.getInstance(TRANSFORMATION);
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, iv));
            byte[] ciphertext = cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(ByteBuffer.allocate(IV_BYTES + ciphertext.length)
                    .put(iv).put(ciphertext).array());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM unavailable", e);
        }
    }

    /** @throws IllegalStateException if the value was altered, is malformed or was encrypted under another key */
    public String decrypt(String encoded) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(encoded);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalStateException("Encrypted secret is not base64", e);
        }
        if (bytes.length < IV_BYTES + TAG_BITS / 8) {
            throw new IllegalStateException("Encrypted secret is too short");
        }
        try {
            Cipher cipher = Cipher.getInstance(TRANSFORMATION);
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, bytes, 0, IV_BYTES));
            return new String(cipher.doFinal(bytes, IV_BYTES, bytes.length - IV_BYTES), StandardCharsets.UTF_8);
        } catch (AEADBadTagException e) {
            throw new IllegalStateException("Encrypted secret was altered or uses another key", e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM unavailable", e);
        }
    }

    /** RFC 5869 with a zero salt; one output block is the 32 bytes AES-256 needs. */
    public static byte[] hkdfSha256(byte[] inputKey, byte[] info) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(new byte[32], "HmacSHA256"));
            byte[] pseudoRandomKey = mac.doFinal(inputKey);
            mac.init(new SecretKeySpec(pseudoRandomKey, "HmacSHA256"));
            mac.update(info);
            mac.update((byte) 1);
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }
}
