package org.docex.security.boundary;

import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.docex.paging.Page;
import org.docex.paging.PageRequest;
import org.docex.security.control.Caller;
import org.docex.security.control.OwnSessions;
import org.docex.security.control.Role;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The signed-in user's own sessions (one per token issued): seeing them, and ending one, such as a
 * sign-in on a machine left behind. Its path is longer than {@code users}, so it takes these requests
 * before the users resource.
 */
@Path("users/me/sessions")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({Role.ANALYST_NAME, Role.REVIEWER_NAME, Role.ADMIN_NAME})
@Tag(name = "Authentication")
public class SessionsResource {

    @Inject
    OwnSessions sessions;

    @Inject
    Caller caller;

    @GET
    @Operation(summary = "The caller's live sessions, newest first",
            description = "Each session: id, created_at, expires_at, mfa (whether it passed the second factor) and "
                    + "current (the session of the token used for this request). Ended and expired sessions are "
                    + "left out; the token of a session is never shown, and its last use is not recorded.")
    @APIResponse(responseCode = "200", description = "A page of sessions")
    public Page<SessionResponse> list(@QueryParam("offset") String offset, @QueryParam("limit") String limit) {
        PageRequest page = PageRequest.of(offset, limit);
        return page.page(sessions.live(caller.userId(), page.offset(), page.limit()).stream()
                .map(session -> SessionResponse.from(session, caller.sessionId())).toList(), sessions.countLive(caller.userId()));
    }

    @DELETE
    @Path("{id}")
    @Operation(summary = "End one of the caller's sessions: its token stops working at once, on every node",
            description = "The current session may be ended too (as by logout).")
    @APIResponse(responseCode = "204", description = "The session ended")
    @APIResponse(responseCode = "404", description = "No live session of the caller has this id (another user's "
            + "session answers the same)")
    public void end(@PathParam("id") String id) {
        if (!sessions.end(caller.userId(), id)) {
            throw new NotFoundException("Session not found");
        }
    }
}
