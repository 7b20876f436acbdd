package org.docex.security.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import java.util.logging.Logger;
import org.docex.schema.SchemaReady;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The server's HS256 key: {@code DOCEX_JWT_SECRET} when set (at least 256 bits, else the
 * application refuses to start), otherwise a random key generated once and kept in the database
 * so that restarts and every node of a cluster share it.
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
    Settings settings;

    private volatile JwtCodec codec;
    private volatile byte[] secret;

    void onSchemaReady(@Observes SchemaReady ready) {
        secret = configured.filter(value -> !value.isEmpty())
                .map(SigningKey::checkedConfiguredSecret)
                .orElseGet(this::sharedGeneratedSecret);
        codec = new JwtCodec(secret);
    }

    static byte[] checkedConfiguredSecret(String value) {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        if (bytes.length < MIN_BYTES) {
            throw new IllegalStateException("DOCEX_JWT_SECRET must be at least " + MIN_BYTES
                    + " bytes (256 bits); refusing to start with a shorter secret");
        }
        return bytes;
    }

    private byte[] sharedGeneratedSecret() {
        byte[] fresh = new byte[MIN_BYTES];
        new SecureRandom().nextBytes(fresh);
        String kept = settings.putIfAbsent(SETTING, Base64.getEncoder().encodeToString(fresh));
        LOG.info("DOCEX_JWT_SECRET is not set: using the signing key kept in the database");
        return Base64.getDecoder().decode(kept);
    }

    public JwtCodec codec() {
        if (codec == null) {
            throw new IllegalStateException("Signing key not initialised");
        }
        return codec;
    }

    /** Input for keys derived from the server key for other purposes (each with its own label). */
    public byte[] derivationInput() {
        codec();
        return secret.clone();
    }
}
