package org.docex.security.boundary;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.ext.Provider;
import org.docex.security.control.MfaPolicy;
import org.docex.security.control.TokenPrincipal;

/**
 * The {@link MfaPolicy} for OPTIONS, applied before matching: no docex endpoint answers OPTIONS, and
 * an implementation that answers it itself (RESTEasy) does so without running the filters that
 * follow matching, so the {@link MfaGate} would never see it.
 */
@Provider
@PreMatching
@ApplicationScoped
@Priority(Priorities.AUTHORIZATION)
public class MfaGateForOptions implements ContainerRequestFilter {

    @Inject
    MfaPolicy policy;

    @Override
    public void filter(ContainerRequestContext request) {
        if (HttpMethod.OPTIONS.equals(request.getMethod())
                && request.getSecurityContext().getUserPrincipal() instanceof TokenPrincipal token) {
            policy.admit(token.caller(), null);
        }
    }
}
