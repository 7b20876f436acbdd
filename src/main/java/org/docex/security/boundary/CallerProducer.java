package org.docex.security.boundary;

import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.security.enterprise.SecurityContext;
import org.docex.errors.NotAuthenticatedException;
import java.security.Principal;
import org.docex.security.control.Caller;
import org.eclipse.microprofile.jwt.JsonWebToken;

/** Makes the verified caller injectable, as {@link JsonWebToken} and as {@link Caller}. */
@RequestScoped
public class CallerProducer {

    @Inject
    SecurityContext security;

    @Produces
    @RequestScoped
    JsonWebToken token() {
        return principal();
    }

    @Produces
    @Dependent
    Caller caller() {
        return principal().caller();
    }

    private TokenPrincipal principal() {
        Principal principal = security.getCallerPrincipal();
        if (principal instanceof TokenPrincipal token) {
            return token;
        }
        throw new NotAuthenticatedException("Not authenticated");
    }
}
