package org.docex.security.control;

import jakarta.annotation.Priority;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.interceptor.Interceptor;
import java.util.List;
import org.docex.schema.SchemaReady;

/**
 * Secrets encrypted for the database (AES-256-GCM) under a key derived from the server key with a
 * label of the kind of secret, so that no two uses of the server key share a key. Values written
 * under a server key that was replaced stay readable while that key is configured as the previous one,
 * and each start with a previous key writes them again under the current one.
 */
public abstract class DerivedKeyEncryption {

    @Inject
    SigningKey signingKey;

    @Inject
    SecretColumnRewrite rewrite;

    private volatile KeyRing ring;

    /** Names the kind of secret; never changed once secrets were stored under it. */
    protected abstract String label();

    /** The columns values of this kind are stored in, each as {@code table.column}. */
    protected abstract List<String> storedIn();

    public String encrypt(String secret) {
        return ring().encrypt(secret);
    }

    public String decrypt(String stored) {
        return ring().decrypt(stored);
    }

    public boolean isCurrent(String stored) {
        return ring().isCurrent(stored);
    }

    /** After the signing key is known (its observer has the default priority). */
    protected void rewriteUnderCurrentKey(@Observes @Priority(Interceptor.Priority.APPLICATION + 600) SchemaReady ready) {
        if (signingKey.derivationInputs().size() > 1) {
            storedIn().forEach(column -> rewrite.rewrite(this, column));
        }
    }

    private KeyRing ring() {
        if (ring == null) {
            ring = new KeyRing(signingKey.derivationInputs(), label());
        }
        return ring;
    }
}
