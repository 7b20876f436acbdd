package org.docex.errors;

import static org.docex.SharedJsonProvider.JSON;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The error page of the web container (declared in web.xml), so that statuses raised outside
 * Jakarta REST (unknown paths, failed authentication, rejected requests) answer
 * {@code {"detail": ...}} instead of the server's HTML report.
 */
@WebServlet(name = "error-page", urlPatterns = ErrorPageServlet.PATH)
public class ErrorPageServlet extends HttpServlet {

    static final String PATH = "/_error";

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        int status = code instanceof Integer value ? value : HttpServletResponse.SC_NOT_FOUND;
        if (status < 400) {
            status = HttpServletResponse.SC_INTERNAL_SERVER_ERROR;
        }
        response.setStatus(status);
        response.setContentType("application/json");
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        if (status == HttpServletResponse.SC_UNAUTHORIZED && response.getHeader("WWW-Authenticate") == null) {
            response.setHeader("WWW-Authenticate", "Bearer");
        }
        String body = JSON.createObjectBuilder()
                .add("detail", StatusDetails.forStatus(status))
                .build()
                .toString();
        response.getWriter().write(body);
    }
}
