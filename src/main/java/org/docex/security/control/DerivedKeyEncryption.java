package org.docex.security.control;

import jakarta.inject.Inject;

/**
 * Secrets encrypted for the database (AES-256-GCM) under a key derived from the server key with a
 * label of the kind of secret, so that no two uses of the server key share a key. Values written
 * under a server key that was replaced stay readable while that key is configured as the previous one.
 */
public abstract class DerivedKeyEncryption {

    @Inject
    SigningKey signingKey;

    private volatile KeyRing ring;

    /** Names the kind of secret; never changed once secrets were stored under it. */
    protected abstract String label();

    public String encrypt(String secret) {
        return ring().encrypt(secret);
    }

    public String decrypt(String stored) {
        return ring().decrypt(stored);
    }

    private KeyRing ring() {
        if (ring == null) {
            ring = new KeyRing(signingKey.derivationInputs(), label());
        }
        return ring;
    }
}
