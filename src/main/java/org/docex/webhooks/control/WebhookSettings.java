package org.docex.webhooks.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** How webhooks are delivered: the settings of this server. */
@ApplicationScoped
public class WebhookSettings {

    /** Deliveries are retried for this long after the event, then failed. */
    public static final Duration RETRY_WINDOW = Duration.ofHours(24);
    /** The longest wait between two attempts. */
    public static final Duration MAX_BACKOFF = Duration.ofHours(1);
    /** How often a node looks for due deliveries (new events are sent at once after their transaction). */
    public static final Duration POLL_INTERVAL = Duration.ofSeconds(1);
    /** At most this many of one subscription's deliveries are in flight at once, so a slow receiver cannot hold them all. */
    public static final int PER_SUBSCRIPTION = 4;

    @Inject
    @ConfigProperty(name = "docex.webhook-timeout-seconds", defaultValue = "10")
    double timeoutSeconds;

    @Inject
    @ConfigProperty(name = "docex.webhook-allow-private", defaultValue = "false")
    boolean allowPrivate;

    @Inject
    @ConfigProperty(name = "docex.webhook-retry-seconds", defaultValue = "10")
    double retrySeconds;

    @Inject
    @ConfigProperty(name = "docex.webhook-concurrency", defaultValue = "16")
    int concurrency;

    @Inject
    @ConfigProperty(name = "docex.public-url")
    Optional<String> publicUrl;

    /** One attempt's whole time: connecting, sending and reading the answer. */
    public Duration timeout() {
        return Duration.ofMillis(Math.max(100, Math.round(timeoutSeconds * 1000)));
    }

    /** The wait before the first retry; it doubles with each attempt up to {@link #MAX_BACKOFF}. */
    public Duration firstRetry() {
        return Duration.ofMillis(Math.max(100, Math.round(retrySeconds * 1000)));
    }

    public boolean allowPrivate() {
        return allowPrivate;
    }

    /** Deliveries in flight on this node at once, all subscriptions together. */
    public int concurrency() {
        return Math.max(1, Math.min(256, concurrency));
    }

    /** The CloudEvents {@code source}: the public URL when one is set. */
    public String source() {
        return publicUrl.map(String::strip).filter(url -> !url.isEmpty()).orElse("/docex");
    }

    /** How long a node holds a delivery it is sending: well past the attempt's timeout. */
    public Duration lease() {
        return leaseFor(timeout());
    }

    /** The lease that goes with an attempt's {@code timeout}. */
    public static Duration leaseFor(Duration timeout) {
        return timeout.multipliedBy(2).plusSeconds(30);
    }
}
