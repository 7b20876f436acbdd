package org.docex.errors;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** Keeps the status of a JAX-RS exception and answers {@code {"detail": message}}, in docex's words. */
@Provider
public class WebApplicationExceptionMapper implements ExceptionMapper<WebApplicationException> {

    @Override
    public Response toResponse(WebApplicationException exception) {
        Response original = exception.getResponse();
        int status = original.getStatus();
        if (status < 400) {
            return original;
        }
        Response.ResponseBuilder answer = Response.fromResponse(ErrorResponse.of(status,
                StatusDetails.choose(status, exception.getMessage(), isOurs(exception))));
        copyHeader(original, answer, HttpHeaders.WWW_AUTHENTICATE);
        copyHeader(original, answer, HttpHeaders.RETRY_AFTER);
        copyHeader(original, answer, HttpHeaders.ALLOW);
        copyHeader(original, answer, "Connection");
        if (status == 401 && original.getHeaderString(HttpHeaders.WWW_AUTHENTICATE) == null) {
            answer.header(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
        }
        return answer.build();
    }

    /**
     * Raised by docex code, whose messages are written for clients. The Jakarta REST implementation
     * and the server raise the same exception types with their own wording (message ids, the
     * request's full URL, "HTTP 404 Not Found"), which the contract's wording for the status replaces.
     */
    static boolean isOurs(Throwable exception) {
        StackTraceElement[] trace = exception.getStackTrace();
        return trace.length > 0 && trace[0].getClassName().startsWith("org.docex.");
    }

    private static void copyHeader(Response from, Response.ResponseBuilder to, String name) {
        String value = from.getHeaderString(name);
        if (value != null) {
            to.header(name, value);
        }
    }
}
