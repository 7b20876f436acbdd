package org.docex.security.boundary;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;
import java.security.Principal;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.docex.errors.PermissionDeniedException;
import org.docex.security.control.Caller;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Multi-factor rules on every authenticated request: a user with MFA enabled whose token has
 * not passed the challenge may call only the endpoints marked {@link AllowedBeforeMfa}; a user
 * whose role is in {@code DOCEX_MFA_REQUIRED_ROLES} and has not enrolled may call only those
 * marked {@link AllowedBeforeEnrollment}.
 */
@Provider
@ApplicationScoped
@Priority(Priorities.AUTHORIZATION + 10)
public class MfaGate implements ContainerRequestFilter {

    public static final String MFA_REQUIRED = "Multi-factor authentication required";
    static final String ENROLLMENT_REQUIRED = "Multi-factor enrollment required";

    @Context
    ResourceInfo resource;

    @Inject
    @ConfigProperty(name = "docex.mfa-required-roles", defaultValue = " ")
    String requiredRoles;

    private Set<String> rolesThatMustEnrol;

    @PostConstruct
    void readPolicy() {
        rolesThatMustEnrol = Arrays.stream(requiredRoles.split(","))
                .map(String::strip)
                .filter(name -> !name.isEmpty())
                .collect(Collectors.toUnmodifiableSet());
    }

    @Override
    public void filter(ContainerRequestContext request) {
        Principal principal = request.getSecurityContext().getUserPrincipal();
        if (!(principal instanceof TokenPrincipal token) || resource.getResourceMethod() == null) {
            return;
        }
        Caller caller = token.caller();
        if (caller.mfaEnabled() && !caller.mfaVerified() && !marked(AllowedBeforeMfa.class)) {
            throw new PermissionDeniedException(MFA_REQUIRED);
        }
        if (!caller.mfaEnabled() && rolesThatMustEnrol.contains(caller.role().id())
                && !marked(AllowedBeforeEnrollment.class)) {
            throw new PermissionDeniedException(ENROLLMENT_REQUIRED);
        }
    }

    private boolean marked(Class<? extends java.lang.annotation.Annotation> annotation) {
        return resource.getResourceMethod().isAnnotationPresent(annotation);
    }
}
