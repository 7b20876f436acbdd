package org.docex.security.boundary;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.docex.schema.SchemaReady;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@code DOCEX_METRICS_PUBLIC}: {@code true} (the default) serves {@code /metrics} to anyone, as
 * monitoring systems scrape it; {@code false} only to admins. Exactly {@code true} or {@code false},
 * read when the application starts: Open Liberty's configuration picks its file by the same value,
 * and a value one server read as false and the other ignored would leave the metrics open there.
 */
@ApplicationScoped
public class MetricsAccess {

    @Inject
    @ConfigProperty(name = "docex.metrics-public", defaultValue = "true")
    String configured;

    private boolean open;

    @PostConstruct
    void read() {
        if (!configured.equals("true") && !configured.equals("false")) {
            throw new IllegalStateException("DOCEX_METRICS_PUBLIC must be true or false; refusing to start");
        }
        open = configured.equals("true");
    }

    void onStart(@Observes SchemaReady ready) {
        // Creating the bean (read) is what this is for.
    }

    boolean open() {
        return open;
    }
}
