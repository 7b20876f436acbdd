package org.docex.mfa.boundary;

import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.docex.errors.PermissionDeniedException;
import org.docex.mfa.control.MfaChallenge;
import org.docex.mfa.control.MfaEnrollment;
import org.docex.security.control.AllowedBeforeEnrollment;
import org.docex.security.control.AllowedBeforeMfa;
import org.docex.security.control.Caller;
import org.docex.security.control.MfaPolicy;
import org.docex.security.control.Role;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The signed-in user's TOTP second factor: enrolling, the login challenge, and turning it off.
 * Its path is longer than {@code users}, so it takes these requests before the users resource.
 */
@Path("users/mfa")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({Role.ANALYST_NAME, Role.REVIEWER_NAME, Role.ADMIN_NAME})
@Tag(name = "Multi-factor authentication")
public class MfaResource {

    @Inject
    MfaEnrollment enrollment;

    @Inject
    MfaChallenge challenge;

    @Inject
    Caller caller;

    @POST
    @Path("setup")
    @AllowedBeforeEnrollment
    @Operation(summary = "Start enrolling: a new TOTP secret with its otpauth URL and QR code; replaces a pending one")
    @APIResponse(responseCode = "200", description = "The secret; it is shown only until verify")
    @APIResponse(responseCode = "409", description = "MFA is already enabled")
    public SetupResponse setup() {
        return SetupResponse.from(enrollment.setup(caller.userId()));
    }

    @POST
    @Path("verify")
    @Consumes(MediaType.APPLICATION_JSON)
    @AllowedBeforeEnrollment
    @Operation(summary = "Enable MFA with a code for the pending secret; earlier tokens stop working")
    @APIResponse(responseCode = "200", description = "Ten one-time recovery codes and a token with mfa=true")
    @APIResponse(responseCode = "400", description = "Invalid code, or no pending setup")
    @APIResponse(responseCode = "422", description = "code missing or blank")
    @APIResponse(responseCode = "429", description = "5 wrong codes within 5 minutes; see Retry-After")
    public VerifyResponse verify(CodeRequest request) {
        return VerifyResponse.from(enrollment.verify(caller.userId(), CodeRequest.required(request)));
    }

    @POST
    @Path("challenge")
    @Consumes(MediaType.APPLICATION_JSON)
    @AllowedBeforeMfa
    @Operation(summary = "Pass MFA with a TOTP code or an unused recovery code; each code counts once",
            description = "The login token used here stops working: the token answered takes its place.")
    @APIResponse(responseCode = "200", description = "A token with mfa=true, valid for 24 hours")
    @APIResponse(responseCode = "400", description = "Invalid code, or MFA not enabled")
    @APIResponse(responseCode = "422", description = "code missing or blank")
    @APIResponse(responseCode = "429", description = "5 wrong codes within 5 minutes; see Retry-After")
    public ChallengeResponse challenge(CodeRequest request) {
        return ChallengeResponse.from(challenge.pass(caller.userId(), caller.sessionId(), CodeRequest.required(request)));
    }

    @DELETE
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Disable MFA with a TOTP or recovery code; needs a token with mfa=true and ends every session")
    @APIResponse(responseCode = "204", description = "MFA disabled, secrets and recovery codes deleted")
    @APIResponse(responseCode = "400", description = "Invalid code")
    @APIResponse(responseCode = "403", description = "The token has not passed MFA")
    @APIResponse(responseCode = "429", description = "5 wrong codes within 5 minutes; see Retry-After")
    public void disable(CodeRequest request) {
        if (!caller.mfaVerified()) {
            throw new PermissionDeniedException(MfaPolicy.MFA_REQUIRED);
        }
        enrollment.disable(caller.userId(), CodeRequest.required(request));
    }
}
