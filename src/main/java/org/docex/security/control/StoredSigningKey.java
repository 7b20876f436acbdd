package org.docex.security.control;

import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * The generated signing key as its {@code app_setting} row keeps it: wrapped (AES-256-GCM) under the
 * key-encryption key when {@code DOCEX_KEY_ENCRYPTION_KEY} is set, so that a copy of the database
 * alone neither signs tokens nor opens the secrets encrypted under keys derived from it; plain base64
 * otherwise, as rows written before there was a key-encryption key are.
 */
final class StoredSigningKey {

    private static final String LABEL = "docex signing key wrap";

    private final Optional<KeyRing> wrapping;

    /** @param keyEncryptionKeys the current key-encryption key first, then the one it replaced; none: rows stay plain */
    StoredSigningKey(List<byte[]> keyEncryptionKeys) {
        this.wrapping = keyEncryptionKeys.isEmpty() ? Optional.empty() : Optional.of(new KeyRing(keyEncryptionKeys, LABEL));
    }

    boolean wraps() {
        return wrapping.isPresent();
    }

    byte[] read(String row) {
        if (!isWrapped(row)) {
            return Base64.getDecoder().decode(row);
        }
        KeyRing ring = wrapping.orElseThrow(() -> new IllegalStateException("The signing key in the database is wrapped:"
                + " set DOCEX_KEY_ENCRYPTION_KEY to the key that wrapped it; refusing to start without it"));
        try {
            return Base64.getDecoder().decode(ring.decrypt(row));
        } catch (IllegalStateException wrongKey) {
            throw new IllegalStateException("Neither DOCEX_KEY_ENCRYPTION_KEY nor DOCEX_PREVIOUS_KEY_ENCRYPTION_KEY"
                    + " unwraps the signing key in the database; refusing to start", wrongKey);
        }
    }

    String row(byte[] key) {
        String plain = Base64.getEncoder().encodeToString(key);
        return wrapping.map(ring -> ring.encrypt(plain)).orElse(plain);
    }

    /** Whether the row should be written again: plain, or wrapped under a key-encryption key that was replaced. */
    boolean isOutdated(String row) {
        return wrapping.filter(ring -> !ring.isCurrent(row)).isPresent();
    }

    static boolean isWrapped(String row) {
        return row.indexOf(':') >= 0;
    }
}
