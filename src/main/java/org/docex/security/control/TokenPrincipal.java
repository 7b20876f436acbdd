package org.docex.security.control;

import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.jwt.Claims;
import org.eclipse.microprofile.jwt.JsonWebToken;

/** The verified caller as MicroProfile JWT code expects to see it. */
public final class TokenPrincipal implements JsonWebToken {

    private final Caller caller;
    private final String rawToken;
    private final Map<String, Object> claims;

    public TokenPrincipal(Caller caller, String rawToken) {
        this.caller = caller;
        this.rawToken = rawToken;
        this.claims = Map.of(
                Claims.sub.name(), caller.email(),
                Claims.upn.name(), caller.email(),
                Claims.groups.name(), Set.of(caller.role().id()),
                Claims.jti.name(), caller.sessionId(),
                Claims.iss.name(), TokenClaims.ISSUER,
                Claims.raw_token.name(), rawToken,
                "role", caller.role().id(),
                "mfa", caller.mfaVerified());
    }

    public Caller caller() {
        return caller;
    }

    @Override
    public String getName() {
        return caller.email();
    }

    @Override
    public String getRawToken() {
        return rawToken;
    }

    @Override
    public Set<String> getClaimNames() {
        return claims.keySet();
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T getClaim(String name) {
        return (T) claims.get(name);
    }

    /**
     * Equal for the same token: the container caches authorization decisions by the caller's
     * principal set, and a principal unequal to itself on every request would add an entry per
     * request instead of reusing one per session.
     */
    @Override
    public boolean equals(Object other) {
        return other instanceof TokenPrincipal that && caller.equals(that.caller) && rawToken.equals(that.rawToken);
    }

    @Override
    public int hashCode() {
        return rawToken.hashCode();
    }

    @Override
    public String toString() {
        return "TokenPrincipal[" + caller.email() + "]";
    }
}
