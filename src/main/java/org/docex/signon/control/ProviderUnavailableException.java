package org.docex.signon.control;

import org.docex.security.control.IssuerUnavailableException;

/** The identity provider cannot be asked (down, unreachable, or answering what OpenID Connect does not): 503. */
public class ProviderUnavailableException extends IssuerUnavailableException {

    private static final long serialVersionUID = 1L;

    public ProviderUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
