package org.docex.security.control;

import jakarta.ws.rs.ClientErrorException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.time.Duration;

/** 429 with {@code Retry-After} in whole seconds (at least one). */
public class TooManyRequestsException extends ClientErrorException {

    public TooManyRequestsException(String detail, Duration retryAfter) {
        super(detail, Response.status(429)
                .header(HttpHeaders.RETRY_AFTER, Math.max(1, (retryAfter.toMillis() + 999) / 1000))
                .build());
    }
}
