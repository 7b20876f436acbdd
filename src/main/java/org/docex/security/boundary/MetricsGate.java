package org.docex.security.boundary;

import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.docex.errors.PermissionDeniedException;
import org.docex.security.control.MfaPolicy;
import org.docex.security.control.Role;
import org.docex.security.control.TokenPrincipal;

/**
 * {@code /metrics} with {@code DOCEX_METRICS_PUBLIC=false}: only for a bearer token of an admin that
 * has passed the second factor where it must; without a token 401, with another 403 (the
 * container's error page writes the JSON). Payara Micro serves its metrics inside the application
 * deployed at the root, so this filter sees them; Open Liberty serves them from a module of its own,
 * closed by its server configuration instead (see server.xml).
 */
@WebFilter(filterName = "metrics-gate", urlPatterns = {"/metrics", "/metrics/*"})
public class MetricsGate extends HttpFilter {

    private static final long serialVersionUID = 1L;

    @Inject
    transient MetricsAccess access;

    @Inject
    transient MfaPolicy mfa;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (access.open()) {
            chain.doFilter(request, response);
        } else if (!(request.getUserPrincipal() instanceof TokenPrincipal token)) {
            response.sendError(HttpServletResponse.SC_UNAUTHORIZED);
        } else if (token.caller().role() != Role.ADMIN || heldBack(token)) {
            response.sendError(HttpServletResponse.SC_FORBIDDEN);
        } else {
            chain.doFilter(request, response);
        }
    }

    private boolean heldBack(TokenPrincipal token) {
        try {
            mfa.admit(token.caller(), null);
            return false;
        } catch (PermissionDeniedException e) {
            return true;
        }
    }
}
