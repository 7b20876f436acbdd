package org.docex.security.control;

/** A bearer token that must not be trusted. The message is for the log, never for the client. */
public class InvalidTokenException extends Exception {

    public InvalidTokenException(String message) {
        super(message);
    }

    public InvalidTokenException(String message, Throwable cause) {
        super(message, cause);
    }
}
