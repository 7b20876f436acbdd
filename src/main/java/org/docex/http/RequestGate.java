package org.docex.http;

import static org.docex.SharedJsonProvider.JSON;

import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Semaphore;
import org.docex.documents.control.DocumentUploads;
import org.docex.documents.control.FileStore;
import org.docex.errors.DataSize;

/**
 * Every request's way in. A request's own work is CPU-bound, so it takes one of the few
 * {@link WorkPermits} to be worked on; threads are many, since they may wait on a client.
 *
 * <p>A request with a body first receives all of it through an {@link ArrivingBody} (its size limit,
 * the {@link MinimumRate}) and only then takes a permit: a client that sends slowly holds one thread
 * and never a permit, so the rest of the API keeps being answered while it trickles, and it is cut
 * off with 408 once it falls below the rate. An upload is read by its endpoint straight from the
 * arriving body, into the file it is stored from, and takes no permit: reading it is waiting on the
 * client, and its PDF check is bounded on its own ({@code PdfWorkLimiter}). At most
 * {@link #MAX_RECEIVING} bodies arrive at once. Sign-in is the one request that has a body without
 * a token: its bodies have places of their own ({@link SignInBodies}), and any other body from a
 * client without a token is refused with 401 before it is read, so anonymous clients cannot take the
 * places of signed-in users, nor signed-in users those of sign-in. An endpoint whose remaining work
 * is waiting on the client gives its permit back early ({@link WorkPermits#giveBack}): a document's
 * file download does, once it starts copying the file.
 *
 * <p>Why not a non-blocking read: a Servlet {@code ReadListener} under an asynchronous request was
 * built and measured, and on Payara Micro 6.2025.10 every asynchronous request leaks Weld's request
 * context to the next request on its thread (WELD-000714/000225, payara/Payara#2261 and #3851).
 * Java 17 has no virtual threads. Blocking receipt on a thread of its own is what this platform runs
 * cleanly.
 */
@WebFilter(filterName = "request-gate", urlPatterns = "/*")
public class RequestGate extends HttpFilter {

    /** Bodies arriving at once; past it, a request with a body is answered 503 without reading it. */
    static final int MAX_RECEIVING = 200;
    /** The largest body of any request but an upload (JSON, a sign-in form). */
    static final long MAX_BODY_BYTES = 1024 * 1024;
    static final String UPLOAD_PATH = "/api/documents/upload";
    static final String SIGN_IN_PATH = "/api/users/login";
    /** The other sign-in: a code from the identity provider for a docex token. */
    static final String PROVIDER_SIGN_IN_PATH = "/api/auth/oidc/token";

    private static final long serialVersionUID = 1L;

    private final transient Semaphore receiving = new Semaphore(MAX_RECEIVING);
    private final transient SignInBodies signIns = new SignInBodies();

    @Inject
    transient WorkPermits permits;

    @Inject
    transient DocumentUploads uploads;

    @Inject
    transient FileStore store;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (!hasBody(request)) {
            work(request, response, chain);
            return;
        }
        boolean signIn = path(request).equals(SIGN_IN_PATH) || path(request).equals(PROVIDER_SIGN_IN_PATH);
        if (!signIn && isAnonymous(request)) {
            response.setHeader("WWW-Authenticate", "Bearer");
            refuse(response, 401, "Not authenticated", null);
            return;
        }
        boolean upload = isUpload(request);
        long limit = upload ? uploads.maxBodyBytes() : MAX_BODY_BYTES;
        String tooLarge = upload
                ? "The file is larger than the limit of " + DataSize.readable(uploads.maxBytes())
                : "The request body is larger than the limit of " + DataSize.readable(MAX_BODY_BYTES);
        if (request.getContentLengthLong() > limit) {
            refuse(response, 413, tooLarge, null);
            return;
        }
        Runnable place = signIn ? signIns.tryEnter(request.getRemoteAddr()) : receiving.tryAcquire() ? receiving::release : null;
        if (place == null) {
            refuse(response, 503, "Too many requests are sending a body, try again shortly", "2");
            return;
        }
        ArrivingBody arriving = new ArrivingBody(request.getInputStream(), limit, tooLarge, MinimumRate.startingNow());
        if (upload) {
            try {
                chain.doFilter(new BodyRequest(request, arriving, request.getContentLengthLong()), response);
            } finally {
                place.run();
            }
            return;
        }
        ReceivedBody body;
        try {
            body = ReceivedBody.receive(arriving, store::newTempFile);
        } catch (RefusedBodyException e) {
            refuse(response, e.status(), e.getMessage(), null);
            return;
        } finally {
            place.run();
        }
        try (body) {
            work(new BodyRequest(request, body), response, chain);
        }
    }

    private void work(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        WorkPermits.Turn turn;
        try {
            turn = permits.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            turn = null;
        }
        if (turn == null) {
            refuse(response, 503, "The server is busy, try again shortly", "2");
            return;
        }
        request.setAttribute(WorkPermits.Turn.ATTRIBUTE, turn);
        try {
            chain.doFilter(request, response);
        } finally {
            turn.giveBack();
        }
    }

    /**
     * Neither signed in (the bearer mechanism has checked the token before any filter) nor claiming
     * a token: only sign-in takes a body from such a client, so no other body is read for it.
     * A server that checks tokens only later still has the token's header here.
     */
    private static boolean isAnonymous(HttpServletRequest request) {
        return request.getUserPrincipal() == null && request.getHeader("Authorization") == null;
    }

    static boolean hasBody(HttpServletRequest request) {
        return request.getContentLengthLong() > 0 || request.getHeader("Transfer-Encoding") != null;
    }

    private static boolean isUpload(HttpServletRequest request) {
        return "POST".equals(request.getMethod()) && path(request).equals(UPLOAD_PATH);
    }

    private static String path(HttpServletRequest request) {
        return request.getRequestURI().substring(request.getContextPath().length());
    }

    /** Answers at once and closes the connection, so the unread rest of a body is never waited for. */
    private static void refuse(HttpServletResponse response, int status, String detail, String retryAfter)
            throws IOException {
        response.setStatus(status);
        response.setHeader("Connection", "close");
        if (retryAfter != null) {
            response.setHeader("Retry-After", retryAfter);
        }
        response.setContentType("application/json");
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        response.getWriter().write(JSON.createObjectBuilder().add("detail", detail).build().toString());
    }
}
