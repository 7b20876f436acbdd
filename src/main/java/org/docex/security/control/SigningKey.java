package org.docex.security.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.docex.schema.SchemaReady;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The server's HS256 key: {@code DOCEX_JWT_SECRET} when set (at least 256 bits, else the
 * application refuses to start), otherwise a random key generated once and kept in the database
 * so that restarts and every node of a cluster share it, wrapped under {@code DOCEX_KEY_ENCRYPTION_KEY}
 * when that is set. Tokens are signed and verified with the current key only; secrets encrypted under
 * keys derived from it stay readable under the key it replaced ({@code DOCEX_PREVIOUS_JWT_SECRET}, or
 * the generated key once a configured one takes over).
 */
@ApplicationScoped
public class SigningKey {

    static final int MIN_BYTES = 32;
    static final String SETTING = "jwt_secret";
    private static final Logger LOG = Logger.getLogger(SigningKey.class.getName());

    @Inject
    @ConfigProperty(name = "docex.jwt-secret")
    Optional<String> configured;

    @Inject
    @ConfigProperty(name = "docex.previous-jwt-secret")
    Optional<String> previous;

    @Inject
    @ConfigProperty(name = "docex.key-encryption-key")
    Optional<String> keyEncryptionKey;

    @Inject
    @ConfigProperty(name = "docex.previous-key-encryption-key")
    Optional<String> previousKeyEncryptionKey;

    @Inject
    Settings settings;

    private volatile JwtCodec codec;
    private volatile List<byte[]> keys;

    void onSchemaReady(@Observes SchemaReady ready) {
        StoredSigningKey storage = new StoredSigningKey(keyEncryptionKeys());
        Optional<byte[]> current = setting(configured).map(value -> checked(value, "DOCEX_JWT_SECRET"));
        List<byte[]> all = new ArrayList<>();
        all.add(current.orElseGet(() -> generated(storage)));
        setting(previous).map(value -> checked(value, "DOCEX_PREVIOUS_JWT_SECRET")).ifPresent(all::add);
        if (current.isPresent()) {
            formerlyGenerated(storage).ifPresent(all::add);
        }
        keys = List.copyOf(all);
        codec = new JwtCodec(all.get(0));
    }

    static byte[] checkedConfiguredSecret(String value) {
        return checked(value, "DOCEX_JWT_SECRET");
    }

    static byte[] checked(String value, String name) {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        if (bytes.length < MIN_BYTES) {
            throw new IllegalStateException(name + " must be at least " + MIN_BYTES
                    + " bytes (256 bits); refusing to start with a shorter key");
        }
        return bytes;
    }

    private List<byte[]> keyEncryptionKeys() {
        List<byte[]> all = Stream.concat(setting(keyEncryptionKey).map(value -> checked(value, "DOCEX_KEY_ENCRYPTION_KEY")).stream(),
                setting(previousKeyEncryptionKey).map(value -> checked(value, "DOCEX_PREVIOUS_KEY_ENCRYPTION_KEY")).stream())
                .toList();
        if (all.size() == 1 && setting(keyEncryptionKey).isEmpty()) {
            throw new IllegalStateException("DOCEX_PREVIOUS_KEY_ENCRYPTION_KEY is set without DOCEX_KEY_ENCRYPTION_KEY;"
                    + " refusing to start");
        }
        return all;
    }

    private byte[] generated(StoredSigningKey storage) {
        byte[] fresh = new byte[MIN_BYTES];
        new SecureRandom().nextBytes(fresh);
        String row = settings.putIfAbsent(SETTING, storage.row(fresh));
        byte[] key = storage.read(row);
        keepCurrent(storage, row, key);
        LOG.info("DOCEX_JWT_SECRET is not set: using the signing key kept in the database");
        return key;
    }

    /** The key generated before {@code DOCEX_JWT_SECRET} was set, which secrets written back then still need. */
    private Optional<byte[]> formerlyGenerated(StoredSigningKey storage) {
        return settings.find(SETTING).map(row -> {
            byte[] key = storage.read(row);
            keepCurrent(storage, row, key);
            return key;
        });
    }

    private void keepCurrent(StoredSigningKey storage, String row, byte[] key) {
        if (storage.isOutdated(row)) {
            settings.replace(SETTING, row, storage.row(key));
            LOG.info("The signing key in the database is now wrapped under DOCEX_KEY_ENCRYPTION_KEY");
        } else if (!storage.wraps()) {
            LOG.warning("DOCEX_KEY_ENCRYPTION_KEY is not set: the signing key is stored unwrapped in the database,"
                    + " where a copy of the database suffices to sign tokens and to read second factors and webhook secrets");
        }
    }

    private static Optional<String> setting(Optional<String> value) {
        return value.filter(text -> !text.isEmpty());
    }

    public JwtCodec codec() {
        if (codec == null) {
            throw new IllegalStateException("Signing key not initialised");
        }
        return codec;
    }

    /**
     * Input for keys derived from the server key for other purposes (each with its own label): the
     * current key first, then the ones it replaced, for values written under them.
     */
    public List<byte[]> derivationInputs() {
        codec();
        return keys.stream().map(byte[]::clone).toList();
    }
}
