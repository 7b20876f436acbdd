package org.docex.security.boundary;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import static org.docex.SharedJsonProvider.JSON;
import jakarta.security.enterprise.AuthenticationStatus;
import jakarta.security.enterprise.authentication.mechanism.http.HttpAuthenticationMechanism;
import jakarta.security.enterprise.authentication.mechanism.http.HttpMessageContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Set;
import org.docex.persistence.DatabaseOutage;
import org.docex.security.control.Caller;
import org.docex.security.control.ForeignTokens;
import org.docex.security.control.IssuerUnavailableException;
import org.docex.security.control.SessionRegistry;
import org.docex.security.control.TokenPrincipal;

/**
 * HS256 bearer tokens from the {@code Authorization} header, never from the query string.
 * Without a header the request goes on unauthenticated (protected resources answer 401 "Not
 * authenticated"); a token that does not verify, or whose session ended, is refused here with
 * 401 "Could not validate credentials", written as JSON because the container's own answer is
 * an HTML page.
 *
 * <p>Servers differ in how often they ask: some once per request, others again from the
 * {@code @RolesAllowed} check with {@link HttpMessageContext#isProtected()} true, and go on after
 * a failure. So a request is answered at most once, and a protected one without a token is
 * refused here with the same 401 the resources would give. While the database that holds the
 * sessions cannot be reached, a token cannot be checked: 503 with {@code Retry-After}.
 */
@ApplicationScoped
public class BearerAuthenticationMechanism implements HttpAuthenticationMechanism {

    static final String INVALID = "Could not validate credentials";
    static final String MISSING = "Not authenticated";
    private static final String REFUSED = BearerAuthenticationMechanism.class.getName() + ".refused";
    private static final String INVALID_TOKEN = "Bearer error=\"invalid_token\"";
    private static final String PREFIX = "bearer ";
    private static final String LOGIN_PATH = "/api/users/login";

    @Inject
    SessionRegistry sessions;

    /** An identity provider's tokens where sign-on is configured (ForeignTokens). */
    @Inject
    Instance<ForeignTokens> foreign;

    @Override
    public AuthenticationStatus validateRequest(HttpServletRequest request, HttpServletResponse response,
                                                HttpMessageContext context) {
        if (request.getAttribute(REFUSED) != null) {
            return AuthenticationStatus.SEND_FAILURE;
        }
        String header = request.getHeader("Authorization");
        if (LOGIN_PATH.equals(request.getRequestURI())) {
            return context.doNothing();
        }
        if (header == null) {
            return context.isProtected() ? refuse(request, response, MISSING, "Bearer") : context.doNothing();
        }
        if (!header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
            return refuse(request, response, INVALID, INVALID_TOKEN);
        }
        String token = header.substring(PREFIX.length()).strip();
        SessionRegistry.Resolution resolution;
        try {
            resolution = sessions.check(token);
            if (resolution.caller().isEmpty() && resolution.ended().isEmpty() && foreign.isResolvable()) {
                resolution = new SessionRegistry.Resolution(foreign.get().resolve(token), Optional.empty());
            }
        } catch (IssuerUnavailableException e) {
            response.setHeader("Retry-After", Integer.toString(IssuerUnavailableException.RETRY_AFTER_SECONDS));
            return answer(request, response, HttpServletResponse.SC_SERVICE_UNAVAILABLE, e.getMessage());
        } catch (RuntimeException e) {
            if (!DatabaseOutage.explains(e)) {
                throw e;
            }
            // The container would answer an exception here with an empty 500 (Payara) or a text 403 (Liberty).
            response.setHeader("Retry-After", Integer.toString(DatabaseOutage.RETRY_AFTER_SECONDS));
            return answer(request, response, HttpServletResponse.SC_SERVICE_UNAVAILABLE, DatabaseOutage.DETAIL);
        }
        Optional<Caller> caller = resolution.caller();
        if (caller.isEmpty()) {
            return refuse(request, response, INVALID, INVALID_TOKEN, resolution.ended().map(SessionRegistry.Ended::apiName));
        }
        return context.notifyContainerAboutLogin(new TokenPrincipal(caller.get(), token), Set.of(caller.get().role().id()));
    }

    private static AuthenticationStatus refuse(HttpServletRequest request, HttpServletResponse response,
                                               String detail, String challenge) {
        return refuse(request, response, detail, challenge, Optional.empty());
    }

    /** With the {@code reason} a verified token's session ended, for its holder to be told why. */
    private static AuthenticationStatus refuse(HttpServletRequest request, HttpServletResponse response,
                                               String detail, String challenge, Optional<String> reason) {
        response.setHeader("WWW-Authenticate", challenge);
        return answer(request, response, HttpServletResponse.SC_UNAUTHORIZED, detail, reason);
    }

    private static AuthenticationStatus answer(HttpServletRequest request, HttpServletResponse response,
                                               int status, String detail) {
        return answer(request, response, status, detail, Optional.empty());
    }

    private static AuthenticationStatus answer(HttpServletRequest request, HttpServletResponse response,
                                               int status, String detail, Optional<String> reason) {
        request.setAttribute(REFUSED, Boolean.TRUE);
        response.setStatus(status);
        response.setContentType("application/json");
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        try {
            var body = JSON.createObjectBuilder().add("detail", detail);
            reason.ifPresent(why -> body.add("reason", why));
            response.getWriter().write(body.build().toString());
            response.flushBuffer();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return AuthenticationStatus.SEND_FAILURE;
    }
}
