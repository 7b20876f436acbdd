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
import org.docex.users.entity.Role;
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
        rolesThatMustEnrol = rolesThatMustEnrol(requiredRoles);
    }

    /**
     * The roles {@code DOCEX_MFA_REQUIRED_ROLES} names. An unknown name ("Reviewer", "reviewers")
     * fails: silently ignored, it would leave the role it meant without the second factor.
     */
    static Set<String> rolesThatMustEnrol(String configured) {
        Set<String> roles = Arrays.stream(configured.split(",")).map(String::strip).filter(name -> !name.isEmpty())
                .collect(Collectors.toUnmodifiableSet());
        for (String role : roles) {
            if (Role.named(role).isEmpty()) {
                throw new IllegalStateException("DOCEX_MFA_REQUIRED_ROLES names an unknown role \"" + printable(role)
                        + "\": use analyst, reviewer and admin, comma-separated; refusing to start");
            }
        }
        return roles;
    }

    private static String printable(String text) {
        String clean = text.replaceAll("\\p{Cntrl}", "?");
        return clean.length() > 40 ? clean.substring(0, 40) + "..." : clean;
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
