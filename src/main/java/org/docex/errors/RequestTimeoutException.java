package org.docex.errors;

import jakarta.ws.rs.ClientErrorException;
import jakarta.ws.rs.core.Response;

/** 408, closing the connection: the client sent its request body too slowly, and the rest is not read. */
public class RequestTimeoutException extends ClientErrorException {

    public RequestTimeoutException(String detail) {
        super(detail, Response.status(408).header("Connection", "close").build());
    }
}
