package org.docex.web;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * How request bodies must arrive. A body is read without holding a request thread; one that arrives
 * slower than {@code DOCEX_REQUEST_BODY_MIN_RATE} bytes a second over a window of
 * {@code DOCEX_REQUEST_BODY_WINDOW_SECONDS} (or, if less is left, does not finish within the window)
 * is refused with 408 and its connection closed.
 */
@ApplicationScoped
public class RequestBodySettings {

    /** Bodies of other endpoints than the upload are small JSON or form documents. */
    public static final long OTHER_BODY_LIMIT = 1024 * 1024;
    /** Bodies up to this size are kept in memory; larger ones in a temporary file. */
    public static final int IN_MEMORY = 64 * 1024;

    @Inject
    @ConfigProperty(name = "docex.request-body-min-rate", defaultValue = "1024")
    long minRate;

    @Inject
    @ConfigProperty(name = "docex.request-body-window-seconds", defaultValue = "15")
    int windowSeconds;

    /** Bytes a second a body must arrive at, on average over each window. */
    public long minRate() {
        return Math.max(0, minRate);
    }

    public Duration window() {
        return Duration.ofSeconds(Math.max(1, Math.min(3600, windowSeconds)));
    }
}
