package org.docex.users.boundary;

import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
import org.docex.errors.UnprocessableException;
import org.docex.paging.Page;
import org.docex.paging.PageRequest;
import org.docex.security.control.AllowedBeforeEnrollment;
import org.docex.security.control.AllowedBeforeMfa;
import org.docex.security.control.Caller;
import org.docex.security.control.PasswordHashing;
import org.docex.security.control.PasswordPolicy;
import org.docex.security.control.Role;
import org.docex.security.control.SecurityEvents;
import org.docex.users.control.Authenticator;
import org.docex.users.control.MfaReset;
import org.docex.users.control.UserDirectory;
import org.docex.users.entity.User;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The signed-in user's own account, and account administration for admins. */
@Path("users")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({Role.ANALYST_NAME, Role.REVIEWER_NAME, Role.ADMIN_NAME})
@Tag(name = "Users")
public class UsersResource {

    @Inject
    UserDirectory users;

    @Inject
    Caller caller;

    @Inject
    PasswordHashing hashing;

    @Inject
    Authenticator authenticator;

    @Inject
    Event<MfaReset> mfaReset;

    @Inject
    SecurityEvents events;

    @GET
    @Path("me")
    @AllowedBeforeMfa
    @AllowedBeforeEnrollment
    @Transactional
    @Operation(summary = "The signed-in user; mfa_verified tells whether this token passed the MFA challenge")
    public MeResponse me() {
        return MeResponse.from(users.get(caller.userId()), caller.mfaVerified());
    }

    @POST
    @Path("me/password")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Change one's own password; every session of the user ends, this one included")
    public void changeOwnPassword(@Valid @NotNull ChangePasswordRequest request) {
        User user = users.get(caller.userId());
        authenticator.confirmPassword(user, request.currentPassword());
        users.changePassword(user.id(), hashing.hash(acceptable(request.newPassword(), user.email())));
        events.success("password.changed", "user", user.email());
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed(Role.ADMIN_NAME)
    @Operation(summary = "Create a user (admin)")
    public Response create(@Valid @NotNull CreateUserRequest request) {
        String hash = hashing.hash(acceptable(request.password(), request.email()));
        User user = users.create(request.email(), hash, Role.named(request.role()).orElseThrow());
        events.success("user.created", "actor", caller.email(), "target", user.email(), "role", user.role().id());
        return Response.created(UriBuilder.fromPath("users/{id}").build(user.id()))
                .entity(UserResponse.from(user))
                .build();
    }

    @GET
    @RolesAllowed(Role.ADMIN_NAME)
    @Transactional
    @Operation(summary = "List users (admin)")
    public Page<UserResponse> list(@QueryParam("offset") String offset, @QueryParam("limit") String limit) {
        PageRequest page = PageRequest.of(offset, limit);
        return page.page(users.list(page.offset(), page.limit()).stream().map(UserResponse::from).toList(), users.count());
    }

    @GET
    @Path("{id}")
    @RolesAllowed(Role.ADMIN_NAME)
    @Transactional
    @Operation(summary = "One user (admin)")
    public UserResponse get(@PathParam("id") String id) {
        return UserResponse.from(users.get(id));
    }

    @PATCH
    @Path("{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @RolesAllowed(Role.ADMIN_NAME)
    @Operation(summary = "Change a user's role, active flag or password (admin); ends the user's sessions")
    public UserResponse update(@PathParam("id") String id, @Valid @NotNull UpdateUserRequest request) {
        User user = users.get(id);
        String hash = request.password() == null ? null : hashing.hash(acceptable(request.password(), user.email()));
        Role role = request.role() == null ? null : Role.named(request.role()).orElseThrow();
        User updated = users.update(user.id(), role, request.active(), hash);
        recordChanges(user, updated, hash != null);
        return UserResponse.from(updated);
    }

    @POST
    @Path("{id}/mfa/reset")
    @RolesAllowed(Role.ADMIN_NAME)
    @Transactional
    @Operation(summary = "Turn off a user's MFA so they can enrol again (admin); ends the user's sessions")
    public void resetMfa(@PathParam("id") String id) {
        User user = users.get(id);
        mfaReset.fire(new MfaReset(user));
        events.success("user.mfa_reset", "actor", caller.email(), "target", user.email());
    }

    private void recordChanges(User before, User after, boolean passwordSet) {
        if (before.role() != after.role()) {
            events.success("user.role_changed", "actor", caller.email(), "target", after.email(),
                    "from", before.role().id(), "to", after.role().id());
        }
        if (before.active() != after.active()) {
            events.success(after.active() ? "user.activated" : "user.deactivated",
                    "actor", caller.email(), "target", after.email());
        }
        if (passwordSet) {
            events.success("user.password_reset", "actor", caller.email(), "target", after.email());
        }
    }

    private static String acceptable(String password, String email) {
        PasswordPolicy.bundled().problem(password, email).ifPresent(problem -> {
            throw new UnprocessableException("password: " + problem);
        });
        return password;
    }
}
