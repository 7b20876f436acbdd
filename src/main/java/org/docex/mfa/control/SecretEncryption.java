package org.docex.mfa.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.docex.security.control.SigningKey;

/** Encrypts TOTP secrets for the database under a key derived from the server key. */
@ApplicationScoped
public class SecretEncryption {

    @Inject
    SigningKey signingKey;

    private volatile SecretCipher cipher;

    public String encrypt(String secret) {
        return cipher().encrypt(secret);
    }

    public String decrypt(String stored) {
        return cipher().decrypt(stored);
    }

    private SecretCipher cipher() {
        if (cipher == null) {
            cipher = new SecretCipher(signingKey.derivationInput());
        }
        return cipher;
    }
}
