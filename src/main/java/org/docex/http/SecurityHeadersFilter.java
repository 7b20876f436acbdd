package org.docex.http;

import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Security headers. Every answer says {@code X-Content-Type-Options: nosniff}, and with
 * {@code DOCEX_HSTS_SECONDS} set, {@code Strict-Transport-Security}. The review workspace's pages
 * also get a policy that allows only the application's own scripts and styles (none inline), page
 * images as blob URLs and the MFA QR code as a data URL, and no framing, so markup that slipped
 * into a page could neither run nor be shown in a frame. The API under {@code /api} answers JSON and
 * keeps its own caching.
 *
 * <p>Which of the two a request is, is decided from the path the container resolved (servlet path
 * and path info, decoded and with {@code .} and {@code ..} segments applied), never from the URI as
 * sent: {@code /api/../index.html} is the application's shell and gets its policy.
 */
@WebFilter(filterName = "security-headers", urlPatterns = "/*")
public class SecurityHeadersFilter extends HttpFilter {

    static final String CONTENT_SECURITY_POLICY = String.join("; ",
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            "img-src 'self' blob: data:",
            "connect-src 'self'",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'");

    private static final long serialVersionUID = 1L;

    @Inject
    transient HstsSetting hsts;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        response.setHeader("X-Content-Type-Options", "nosniff");
        hsts.header().ifPresent(value -> response.setHeader("Strict-Transport-Security", value));
        if (!isApi(request)) {
            response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
            response.setHeader("Referrer-Policy", "no-referrer");
            // The shell is tiny and must never be served stale against newer modules.
            response.setHeader("Cache-Control", "no-cache");
        }
        chain.doFilter(request, response);
    }

    static boolean isApi(HttpServletRequest request) {
        String pathInfo = request.getPathInfo();
        String path = request.getServletPath() + (pathInfo == null ? "" : pathInfo);
        return path.equals("/api") || path.startsWith("/api/");
    }
}
