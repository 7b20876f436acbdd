package org.docex.security.control;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * Secrets encrypted under the current key of a rotation, still readable under the keys it replaced.
 * A stored value starts with the id of its key ({@code k1a2b3c4d:...}), so a reader picks its key
 * without trying each and an operator can tell which values still need an old key; a value without
 * the prefix (written before keys were rotated) is tried against every key. The id is a one-way
 * derivation of the key with its own label, so it gives nothing of the key away.
 */
public final class KeyRing {

    private static final String ID_LABEL = " key id";

    private final List<Versioned> keys;

    private record Versioned(String prefix, SecretCipher cipher) {
    }

    /** @param keys the current key first, then the ones it replaced */
    public KeyRing(List<byte[]> keys, String label) {
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("A key ring needs a current key");
        }
        this.keys = keys.stream().map(key -> new Versioned(prefix(key, label), new SecretCipher(key, label))).toList();
    }

    public String encrypt(String plaintext) {
        Versioned current = keys.get(0);
        return current.prefix() + current.cipher().encrypt(plaintext);
    }

    /** @throws IllegalStateException if no key of the ring opens the value */
    public String decrypt(String stored) {
        Optional<Versioned> named = keys.stream().filter(key -> stored.startsWith(key.prefix())).findFirst();
        if (named.isPresent()) {
            return named.get().cipher().decrypt(stored.substring(named.get().prefix().length()));
        }
        if (stored.indexOf(':') >= 0) {
            throw new IllegalStateException("Encrypted under key " + stored.substring(0, stored.indexOf(':'))
                    + ", which is neither the current key nor a previous one");
        }
        IllegalStateException failure = new IllegalStateException("No key opens the encrypted value");
        for (Versioned key : keys) {
            try {
                return key.cipher().decrypt(stored);
            } catch (IllegalStateException wrongKey) {
                failure.addSuppressed(wrongKey);
            }
        }
        throw failure;
    }

    /** Whether {@code stored} was written under the current key (an older value is rewritten when convenient). */
    public boolean isCurrent(String stored) {
        return stored.startsWith(keys.get(0).prefix());
    }

    private static String prefix(byte[] key, String label) {
        byte[] id = SecretCipher.hkdfSha256(key, (label + ID_LABEL).getBytes(StandardCharsets.US_ASCII));
        return "k" + HexFormat.of().formatHex(id, 0, 4) + ":";
    }
}
