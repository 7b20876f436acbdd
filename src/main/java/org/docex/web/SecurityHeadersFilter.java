package org.docex.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Security headers on the review workspace's pages. The policy allows only the application's own
 * scripts and styles (none inline), page images as blob URLs and the MFA QR code as a data URL,
 * and no framing, so markup that slipped into a page could neither run nor be shown in a frame.
 * The API under {@code /api} answers JSON and keeps its own headers.
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

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (!isApi(request)) {
            response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
            response.setHeader("X-Content-Type-Options", "nosniff");
            response.setHeader("Referrer-Policy", "no-referrer");
            // The shell is tiny and must never be served stale against newer modules.
            response.setHeader("Cache-Control", "no-cache");
        }
        chain.doFilter(request, response);
    }

    static boolean isApi(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return path.equals("/api") || path.startsWith("/api/");
    }
}
