package org.docex.signon.control;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.docex.schema.SchemaReady;
import org.docex.security.control.Role;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Sign-on through an OpenID Connect provider ({@code DOCEX_OIDC_*}); off unless {@code DOCEX_OIDC_ISSUER}
 * and {@code DOCEX_OIDC_CLIENT_ID} are set. Local passwords work either way.
 *
 * <ul>
 *   <li>{@code DOCEX_OIDC_CLIENT_SECRET}: the client's secret; unset, a public client (PKCE alone).
 *   <li>{@code DOCEX_OIDC_ROLES_CLAIM}: the claim that holds the user's groups or roles, a dotted path
 *       into the token's claims ({@code roles}, {@code groups}, {@code realm_access.roles}); default {@code roles}.
 *   <li>{@code DOCEX_OIDC_ROLE_MAP}: {@code provider-value=role,...} with the roles analyst, reviewer and
 *       admin; a value the map does not name gives no role. Of several, the one that may do most counts.
 * </ul>
 */
@ApplicationScoped
public class OidcSettings {

    /** The longest setting accepted (an issuer URL, a role map). */
    static final int MAX_SETTING = 4000;
    static final int MAX_MAPPED_VALUES = 100;

    @Inject
    @ConfigProperty(name = "docex.oidc-issuer")
    Optional<String> issuer;

    @Inject
    @ConfigProperty(name = "docex.oidc-client-id")
    Optional<String> clientId;

    @Inject
    @ConfigProperty(name = "docex.oidc-client-secret")
    Optional<String> clientSecret;

    @Inject
    @ConfigProperty(name = "docex.oidc-roles-claim", defaultValue = "roles")
    String rolesClaim;

    @Inject
    @ConfigProperty(name = "docex.oidc-role-map")
    Optional<String> roleMap;

    public boolean enabled() {
        return issuer.filter(value -> !value.isBlank()).isPresent() && clientId.filter(value -> !value.isBlank()).isPresent();
    }

    /** The issuer as configured, without a trailing slash: what ID and access tokens must name in {@code iss}. */
    public String issuer() {
        String value = issuer.orElseThrow().strip();
        return value.endsWith("/") ? value.substring(0, value.length() - 1) : value;
    }

    public URI discovery() {
        return URI.create(issuer() + "/.well-known/openid-configuration");
    }

    public String clientId() {
        return clientId.orElseThrow().strip();
    }

    public Optional<String> clientSecret() {
        return clientSecret.filter(value -> !value.isBlank());
    }

    /** The path of the roles claim, split at its dots. */
    public String[] rolesClaim() {
        return rolesClaim.strip().split("\\.");
    }

    /** The role map: provider value to docex role; refused at start when malformed (see {@link #check()}). */
    public Map<String, Role> roleMap() {
        return parse(roleMap.orElse(""));
    }

    /** Refuses to start with settings that cannot work (the provider itself is asked on first use). */
    @PostConstruct
    void checkAtStart() {
        if (enabled()) {
            check();
        }
    }

    void onStart(@Observes SchemaReady ready) {
        // Creating the bean (checkAtStart) is what this is for.
    }

    /** Throws with a clear message where the settings cannot work. */
    void check() {
        if (issuer().length() > MAX_SETTING || !issuer().startsWith("https://") && !issuer().startsWith("http://")) {
            throw new IllegalStateException("DOCEX_OIDC_ISSUER must be an http(s) URL; refusing to start");
        }
        if (roleMap().isEmpty()) {
            throw new IllegalStateException("DOCEX_OIDC_ROLE_MAP must map at least one value of the provider's roles claim"
                    + " to analyst, reviewer or admin (provider-value=role,...); refusing to start");
        }
    }

    static Map<String, Role> parse(String map) {
        Map<String, Role> roles = new LinkedHashMap<>();
        if (map == null || map.isBlank()) {
            return roles;
        }
        if (map.length() > MAX_SETTING) {
            throw new IllegalStateException("DOCEX_OIDC_ROLE_MAP is longer than " + MAX_SETTING + " characters");
        }
        for (String entry : map.split(",")) {
            if (entry.isBlank()) {
                continue;
            }
            int equals = entry.lastIndexOf('=');
            String value = equals < 0 ? "" : entry.substring(0, equals).strip();
            Optional<Role> role = equals < 0 ? Optional.empty() : Role.named(entry.substring(equals + 1).strip());
            if (value.isEmpty() || role.isEmpty()) {
                throw new IllegalStateException("DOCEX_OIDC_ROLE_MAP: \"" + entry.strip()
                        + "\" is not provider-value=role with a role of analyst, reviewer or admin");
            }
            roles.put(value, role.get());
        }
        if (roles.size() > MAX_MAPPED_VALUES) {
            throw new IllegalStateException("DOCEX_OIDC_ROLE_MAP maps more than " + MAX_MAPPED_VALUES + " values");
        }
        return Map.copyOf(roles);
    }
}
