package org.docex.security.control;

import jakarta.enterprise.context.Dependent;
import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.security.enterprise.SecurityContext;
import java.security.Principal;
import org.docex.errors.NotAuthenticatedException;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Makes the verified caller injectable, as {@link JsonWebToken} and as {@link Caller}. Beans that
 * live longer than a request (the application-scoped resources) inject this bean, whose proxy
 * finds the current request's, and ask it for {@link #current()} on each call.
 */
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
        return current();
    }

    /** The verified caller of the current request. */
    public Caller current() {
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
