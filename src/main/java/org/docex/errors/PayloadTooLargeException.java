package org.docex.errors;

import jakarta.ws.rs.ClientErrorException;
import jakarta.ws.rs.core.Response;

/**
 * 413, closing the connection: otherwise the server would go on reading (and discarding) the
 * rest of an oversized body to keep the connection open, which is what the limit prevents.
 */
public class PayloadTooLargeException extends ClientErrorException {

    public PayloadTooLargeException(String detail) {
        super(detail, Response.status(413).header("Connection", "close").build());
    }
}
