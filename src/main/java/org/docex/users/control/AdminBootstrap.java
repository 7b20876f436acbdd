package org.docex.users.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.security.SecureRandom;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.docex.schema.SchemaReady;
import org.docex.security.control.PasswordHashing;
import org.docex.security.control.PasswordPolicy;
import org.docex.security.control.Role;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The first admin of an empty installation: from {@code DOCEX_ADMIN_EMAIL} and
 * {@code DOCEX_ADMIN_PASSWORD}, or with a random password written once to the log. There is
 * no other built-in account.
 */
@ApplicationScoped
public class AdminBootstrap {

    static final String DEFAULT_EMAIL = "admin@docex.local";
    private static final Logger LOG = Logger.getLogger(AdminBootstrap.class.getName());
    private static final String ALPHABET = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

    @Inject
    @ConfigProperty(name = "docex.admin-email")
    Optional<String> email;

    @Inject
    @ConfigProperty(name = "docex.admin-password")
    Optional<String> password;

    @Inject
    UserDirectory users;

    @Inject
    PasswordHashing hashing;

    void onSchemaReady(@Observes SchemaReady ready) {
        if (users.count() > 0) {
            return;
        }
        String address = email.filter(value -> !value.isBlank()).orElse(DEFAULT_EMAIL);
        boolean generated = password.filter(value -> !value.isEmpty()).isEmpty();
        String secret = generated ? randomPassword() : password.get();
        PasswordPolicy.bundled().problem(secret, address).ifPresent(problem -> {
            throw new IllegalStateException("DOCEX_ADMIN_PASSWORD is not acceptable: " + problem);
        });
        try {
            users.create(address, hashing.hash(secret), Role.ADMIN);
        } catch (RuntimeException anotherNodeWasFirst) {
            LOG.log(Level.INFO, "The first admin was created concurrently elsewhere");
            return;
        }
        if (generated) {
            LOG.warning(() -> "Created the first admin " + address + " with the generated password " + secret
                    + " (shown only this once; set DOCEX_ADMIN_EMAIL and DOCEX_ADMIN_PASSWORD to choose them)");
        } else {
            LOG.info(() -> "Created the first admin " + address);
        }
    }

    private static String randomPassword() {
        SecureRandom random = new SecureRandom();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 20; i++) {
            text.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return text.toString();
    }
}
