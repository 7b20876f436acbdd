package org.docex.security.control;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.docex.errors.PermissionDeniedException;
import org.docex.schema.SchemaReady;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Multi-factor rules: a user with MFA enabled whose token has not passed the challenge may call only
 * the endpoints marked {@link AllowedBeforeMfa}; a user whose role is in
 * {@code DOCEX_MFA_REQUIRED_ROLES} and has not enrolled may call only those marked
 * {@link AllowedBeforeEnrollment}. A bean of its own, not part of a filter: an observer method on a
 * filter made CDI create it before Jakarta REST could give it its request context.
 */
@ApplicationScoped
public class MfaPolicy {

    public static final String MFA_REQUIRED = "Multi-factor authentication required";
    static final String ENROLLMENT_REQUIRED = "Multi-factor enrollment required";

    @Inject
    @ConfigProperty(name = "docex.mfa-required-roles", defaultValue = " ")
    String requiredRoles;

    private Set<String> rolesThatMustEnrol;

    @PostConstruct
    void readPolicy() {
        rolesThatMustEnrol = rolesThatMustEnrol(requiredRoles);
    }

    /** Creates the bean when the application starts: a policy that names an unknown role stops the start. */
    void check(@Observes SchemaReady ready) {
        // Reading the policy (readPolicy) is the check.
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

    /** Refuses (403) a caller the rules hold back from {@code endpoint}; null stands for none of docex's methods. */
    public void admit(Caller caller, Method endpoint) {
        if (caller.mfaEnabled() && !caller.mfaVerified() && !marked(endpoint, AllowedBeforeMfa.class)) {
            throw new PermissionDeniedException(MFA_REQUIRED);
        }
        if (!caller.mfaEnabled() && rolesThatMustEnrol.contains(caller.role().id())
                && !marked(endpoint, AllowedBeforeEnrollment.class)) {
            throw new PermissionDeniedException(ENROLLMENT_REQUIRED);
        }
    }

    private static boolean marked(Method endpoint, Class<? extends Annotation> annotation) {
        return endpoint != null && endpoint.isAnnotationPresent(annotation);
    }
}
