package org.docex.security.boundary;

import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import org.docex.security.control.AllowedBeforeEnrollment;
import org.docex.security.control.AllowedBeforeMfa;
import org.docex.security.control.Caller;
import org.docex.security.control.Role;
import org.docex.security.control.SessionRegistry;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Ends the session of the token used: it stops working at once, on every node. */
@Path("users/logout")
@RequestScoped
@RolesAllowed({Role.ANALYST_NAME, Role.REVIEWER_NAME, Role.ADMIN_NAME})
@Tag(name = "Authentication")
public class LogoutResource {

    @Inject
    SessionRegistry sessions;

    @Inject
    Caller caller;

    @POST
    @AllowedBeforeMfa
    @AllowedBeforeEnrollment
    @Operation(summary = "Log out: the token used stops working")
    public void logout() {
        sessions.revoke(caller.sessionId());
    }
}
