package org.docex.mfa.control;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.docex.security.control.DerivedKeyEncryption;
import org.docex.security.control.SecretCipher;

/** Encrypts TOTP secrets for the database under a key derived from the server key. */
@ApplicationScoped
public class SecretEncryption extends DerivedKeyEncryption {

    @Override
    protected String label() {
        return SecretCipher.MFA_LABEL;
    }

    @Override
    protected List<String> storedIn() {
        return List.of("mfa_credential.pending_secret", "mfa_credential.active_secret");
    }
}
