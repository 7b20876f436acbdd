package org.docex.security.boundary;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;
import org.docex.security.control.MfaPolicy;
import org.docex.security.control.TokenPrincipal;

/**
 * The {@link MfaPolicy} on every authenticated request, by the marks of the endpoint it reached. A
 * request that reached no endpoint method of docex (an OPTIONS or HEAD the implementation answers
 * itself) is held back like one to an unmarked endpoint.
 */
@Provider
@ApplicationScoped
@Priority(Priorities.AUTHORIZATION + 10)
public class MfaGate implements ContainerRequestFilter {

    @Context
    ResourceInfo resource;

    @Inject
    MfaPolicy policy;

    @Override
    public void filter(ContainerRequestContext request) {
        if (request.getSecurityContext().getUserPrincipal() instanceof TokenPrincipal token) {
            policy.admit(token.caller(), resource.getResourceMethod());
        }
    }
}
