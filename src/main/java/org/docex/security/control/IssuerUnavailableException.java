package org.docex.security.control;

import jakarta.ws.rs.ServiceUnavailableException;
import jakarta.ws.rs.core.Response;

/** The issuer of a foreign token (an identity provider) cannot be asked: 503 with {@code Retry-After}, never 500. */
public class IssuerUnavailableException extends ServiceUnavailableException {

    public static final int RETRY_AFTER_SECONDS = 10;
    private static final long serialVersionUID = 1L;

    public IssuerUnavailableException(String message, Throwable cause) {
        super(message, Response.status(Response.Status.SERVICE_UNAVAILABLE).header("Retry-After", RETRY_AFTER_SECONDS).build(), cause);
    }
}
