package org.docex.security.boundary;

import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.security.Principal;
import org.docex.security.control.SecurityEvents;

/**
 * Records every authorisation refusal (403) as the security event {@code access.denied},
 * whichever part of the server refused: a role check, the MFA gate or a resource's own rule.
 */
@WebFilter(filterName = "denied-request-log", urlPatterns = "/*")
public class DeniedRequestLog extends HttpFilter {

    @Inject
    SecurityEvents events;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        chain.doFilter(request, response);
        if (response.getStatus() == HttpServletResponse.SC_FORBIDDEN) {
            Principal user = request.getUserPrincipal();
            events.failure("access.denied", "user", user == null ? null : user.getName(),
                    "method", request.getMethod(), "path", request.getRequestURI());
        }
    }
}
