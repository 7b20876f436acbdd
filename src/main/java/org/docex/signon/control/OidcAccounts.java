package org.docex.signon.control;

import com.nimbusds.jwt.JWTClaimsSet;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.docex.errors.PermissionDeniedException;
import org.docex.security.control.PasswordHashing;
import org.docex.security.control.Role;
import org.docex.security.control.SecurityEvents;
import org.docex.users.control.UserDirectory;
import org.docex.users.entity.User;

/**
 * The docex user a provider's token stands for, by its verified e-mail address: created on the first
 * sign-in (with a password nobody knows: an admin may set one), its role set from the roles claim on
 * every sign-in, so that a role removed at the provider is removed in docex. A user deactivated in
 * docex stays out, whatever the provider says.
 */
@ApplicationScoped
public class OidcAccounts {

    static final String NO_ROLE = "Your account at the identity provider has no docex role; ask your administrator for one";
    static final String NO_EMAIL = "The identity provider gave no verified e-mail address for your account";
    static final String DEACTIVATED = "Your docex account is deactivated; ask an administrator";
    /** Values of the roles claim looked at, at most. */
    static final int MAX_CLAIM_VALUES = 1000;

    private final SecureRandom random = new SecureRandom();

    @Inject
    OidcSettings settings;

    @Inject
    UserDirectory users;

    @Inject
    PasswordHashing hashing;

    @Inject
    SecurityEvents events;

    /** The user, created or brought up to date; 403 naming what is missing where the claims give no docex user. */
    public User signedIn(JWTClaimsSet claims) {
        String email = email(claims).orElseThrow(() -> refused(claims, "no_email", NO_EMAIL));
        Role role = role(claims).orElseThrow(() -> refused(claims, "no_role", NO_ROLE));
        Optional<User> found = users.findByEmail(email);
        if (found.isEmpty()) {
            User created = users.create(email, hashing.hash(unknowable()), role);
            events.success("oidc.user_created", "user", created.email(), "role", role.id());
            return created;
        }
        User user = found.get();
        if (!user.active()) {
            throw refused(claims, "inactive", DEACTIVATED);
        }
        if (user.role() != role) {
            events.success("oidc.role_changed", "user", user.email(), "from", user.role().id(), "to", role.id());
            return users.update(user.id(), role, null, null);
        }
        return user;
    }

    /** The role the claims map to: of several, the one that may do most. */
    Optional<Role> role(JWTClaimsSet claims) {
        Map<String, Role> map = settings.roleMap();
        return values(claims.getClaims(), settings.rolesClaim()).stream().map(map::get).filter(java.util.Objects::nonNull)
                .max(Enum::compareTo);
    }

    /** The e-mail address, where the provider does not say it is unverified. */
    static Optional<String> email(JWTClaimsSet claims) {
        Object email = claims.getClaim("email");
        Object verified = claims.getClaim("email_verified");
        if (!(email instanceof String address) || address.isBlank() || address.length() > 254 || Boolean.FALSE.equals(verified)
                || "false".equals(verified)) {
            return Optional.empty();
        }
        return Optional.of(User.normaliseEmail(address));
    }

    /** The strings at a dotted path of the claims: a string, or a list of them. */
    static List<String> values(Map<String, Object> claims, String[] path) {
        Object value = claims;
        for (String step : path) {
            if (!(value instanceof Map<?, ?> object)) {
                return List.of();
            }
            value = object.get(step);
        }
        List<String> values = new ArrayList<>();
        if (value instanceof String single) {
            values.add(single);
        } else if (value instanceof Collection<?> many) {
            for (Object item : many) {
                if (values.size() == MAX_CLAIM_VALUES) {
                    break;
                }
                if (item instanceof String text) {
                    values.add(text);
                }
            }
        }
        return values;
    }

    private PermissionDeniedException refused(JWTClaimsSet claims, String reason, String detail) {
        events.failure("oidc.refused", "subject", String.valueOf(claims.getSubject()), "reason", reason);
        return new PermissionDeniedException(detail);
    }

    private String unknowable() {
        byte[] secret = new byte[32];
        random.nextBytes(secret);
        return Base64.getEncoder().encodeToString(secret);
    }
}
