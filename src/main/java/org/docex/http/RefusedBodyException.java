package org.docex.http;

import java.io.IOException;

/**
 * A request body refused while it arrives: too large (413), below the {@link MinimumRate} or no
 * longer arriving (408). Raised from the body's reads, so code reading a body needs no checks of
 * its own; {@link RefusedBodyMapper} answers it, and the connection is closed after the answer.
 */
public final class RefusedBodyException extends IOException {

    private static final long serialVersionUID = 1L;

    private final int status;

    private RefusedBodyException(int status, String detail, Throwable cause) {
        super(detail, cause);
        this.status = status;
    }

    static RefusedBodyException tooLarge(String detail) {
        return new RefusedBodyException(413, detail, null);
    }

    static RefusedBodyException tooSlow() {
        return tooSlow(null);
    }

    /** Below the rate; {@code cause} is the server's read timeout when that is what noticed it. */
    static RefusedBodyException tooSlow(IOException cause) {
        return new RefusedBodyException(408, "The request body arrived too slowly: " + MinimumRate.rule(), cause);
    }

    /** The connection failed or the server's read timeout passed with no byte arriving. */
    static RefusedBodyException stopped(IOException cause) {
        return new RefusedBodyException(408, "The request body stopped arriving", cause);
    }

    public int status() {
        return status;
    }
}
