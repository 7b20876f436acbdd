package org.docex.errors;

import jakarta.ws.rs.ClientErrorException;

/** 409: the request conflicts with the current state of the resource. */
public class ConflictException extends ClientErrorException {

    public ConflictException(String detail) {
        super(detail, 409);
    }
}
