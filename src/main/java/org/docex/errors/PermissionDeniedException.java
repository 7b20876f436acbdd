package org.docex.errors;

import jakarta.ws.rs.ForbiddenException;

/** 403 with a detail of our own. */
public class PermissionDeniedException extends ForbiddenException {

    public PermissionDeniedException(String detail) {
        super(detail);
    }
}
