package org.docex.security.control;

/** A token whose signature and claims verify, past its expiry: its holder may be told so. */
public class ExpiredTokenException extends InvalidTokenException {

    public ExpiredTokenException(String message) {
        super(message);
    }
}
