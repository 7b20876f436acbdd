package org.docex.errors;

import jakarta.ws.rs.NotAuthorizedException;

/** 401 with a {@code Bearer} challenge and a detail of our own. */
public class NotAuthenticatedException extends NotAuthorizedException {

    public NotAuthenticatedException(String detail) {
        super(detail, "Bearer");
    }
}
