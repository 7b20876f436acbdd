package org.docex.documents.control;

import jakarta.ws.rs.ServiceUnavailableException;
import jakarta.ws.rs.core.Response;

/** The bucket documents are stored in cannot be reached: 503 with {@code Retry-After}, never 500; nothing half-written. */
public class StorageUnavailableException extends ServiceUnavailableException {

    public static final int RETRY_AFTER_SECONDS = 10;
    static final String DETAIL = "Document storage is unavailable; try again shortly";
    private static final long serialVersionUID = 1L;

    public StorageUnavailableException(Throwable cause) {
        super(DETAIL, Response.status(Response.Status.SERVICE_UNAVAILABLE).header("Retry-After", RETRY_AFTER_SECONDS).build(), cause);
    }
}
