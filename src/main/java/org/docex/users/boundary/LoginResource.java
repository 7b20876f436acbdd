package org.docex.users.boundary;

import jakarta.annotation.security.PermitAll;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.docex.errors.UnprocessableException;
import org.docex.users.control.Authenticator;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirements;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Password login (OAuth 2.0 password grant, form-encoded). The only public endpoint. The password
 * check may wait for a free hasher only briefly and in small numbers ({@code PasswordHashing}), so a
 * burst of sign-ins cannot occupy the requests worked on at once; past that it answers 429.
 */
@Path("users/login")
@RequestScoped
@PermitAll
@Tag(name = "Authentication")
public class LoginResource {

    static final int MAX_FIELD = 1024;

    @Inject
    Authenticator authenticator;

    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.APPLICATION_JSON)
    @SecurityRequirements
    @Operation(summary = "Log in with e-mail and password; grant_type and scope are accepted and ignored")
    @APIResponse(responseCode = "200", description = "An HS256 access token valid for 24 hours",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = LoginResponse.class)))
    @APIResponse(responseCode = "401", description = "Incorrect username or password")
    @APIResponse(responseCode = "422", description = "username or password missing")
    @APIResponse(responseCode = "429", description = "Too many failed attempts for this username, or too many "
            + "sign-ins in progress; see Retry-After")
    public LoginResponse login(@FormParam("username") String username, @FormParam("password") String password) {
        require("username", username);
        require("password", password);
        return LoginResponse.from(authenticator.login(username, password));
    }

    private static void require(String name, String value) {
        if (value == null || value.isEmpty()) {
            throw new UnprocessableException(name + ": field required");
        }
        if (value.length() > MAX_FIELD) {
            throw new UnprocessableException(name + ": at most " + MAX_FIELD + " characters");
        }
    }
}
