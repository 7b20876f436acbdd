package org.docex.webhooks.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.concurrent.atomic.AtomicLong;
import org.docex.webhooks.entity.DeliveryStatus;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

/**
 * Webhook figures at {@code /metrics}: {@code docex_webhook_deliveries_total} by {@code result}
 * (each attempt: {@code succeeded}, {@code retried}, {@code failed}) and
 * {@code docex_webhook_deliveries_pending}, the pending deliveries of all nodes as this node last
 * counted them (about once a second). Without MicroProfile Metrics on the server they are only not shown.
 */
@ApplicationScoped
public class WebhookMetrics {

    @Inject
    Instance<MetricRegistry> registries;

    private final AtomicLong pending = new AtomicLong();
    private volatile Counter succeeded;
    private volatile Counter retried;
    private volatile Counter failed;
    private volatile boolean registered;

    synchronized void register() {
        if (registered || !registries.isResolvable()) {
            return;
        }
        MetricRegistry registry = registries.get();
        succeeded = registry.counter("docex_webhook_deliveries", new Tag("result", "succeeded"));
        retried = registry.counter("docex_webhook_deliveries", new Tag("result", "retried"));
        failed = registry.counter("docex_webhook_deliveries", new Tag("result", "failed"));
        registry.gauge("docex_webhook_deliveries_pending", pending, AtomicLong::get);
        registered = true;
    }

    /** One attempt ended, leaving its delivery {@code status} (pending: to be retried). */
    void attempted(DeliveryStatus status) {
        Counter counter = switch (status) {
            case SUCCEEDED -> succeeded;
            case PENDING -> retried;
            case FAILED -> failed;
        };
        if (counter != null) {
            counter.inc();
        }
    }

    void pending(long count) {
        pending.set(count);
    }
}
