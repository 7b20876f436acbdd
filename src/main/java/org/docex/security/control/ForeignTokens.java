package org.docex.security.control;

import java.util.Optional;

/**
 * Bearer tokens docex did not issue (an identity provider's access tokens), checked by the component
 * that knows their issuer. Asked only for a token docex's own codec refused.
 */
public interface ForeignTokens {

    /** The caller the token stands for; empty where it is none this checker accepts, or it does not verify. */
    Optional<Caller> resolve(String token);
}
