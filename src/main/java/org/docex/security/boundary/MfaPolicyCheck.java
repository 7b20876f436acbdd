package org.docex.security.boundary;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.docex.schema.SchemaReady;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Checks {@code DOCEX_MFA_REQUIRED_ROLES} when the application starts: a policy that names an
 * unknown role stops the start rather than protecting nobody. A bean of its own: an observer
 * method on {@link MfaGate} made CDI create the filter before Jakarta REST could give it its
 * request context.
 */
@ApplicationScoped
public class MfaPolicyCheck {

    @Inject
    @ConfigProperty(name = "docex.mfa-required-roles", defaultValue = " ")
    String requiredRoles;

    void check(@Observes SchemaReady ready) {
        MfaGate.rolesThatMustEnrol(requiredRoles);
    }
}
