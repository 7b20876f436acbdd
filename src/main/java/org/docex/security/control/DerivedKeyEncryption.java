package org.docex.security.control;

import jakarta.inject.Inject;
import org.docex.mfa.control.SecretCipher;

/**
 * Secrets encrypted for the database (AES-256-GCM) under a key derived from the server key with a
 * label of the kind of secret, so that no two uses of the server key share a key.
 */
public abstract class DerivedKeyEncryption {

    @Inject
    SigningKey signingKey;

    private volatile SecretCipher cipher;

    /** Names the kind of secret; never changed once secrets were stored under it. */
    protected abstract String label();

    public String encrypt(String secret) {
        return cipher().encrypt(secret);
    }

    public String decrypt(String stored) {
        return cipher().decrypt(stored);
    }

    private SecretCipher cipher() {
        if (cipher == null) {
            cipher = new SecretCipher(signingKey.derivationInput(), label());
        }
        return cipher;
    }
}
