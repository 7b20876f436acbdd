package org.docex.errors;

import jakarta.ws.rs.ClientErrorException;

/** 422: the request is well-formed but its content is not acceptable. */
public class UnprocessableException extends ClientErrorException {

    public UnprocessableException(String detail) {
        super(detail, 422);
    }
}
