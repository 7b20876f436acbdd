package org.docex.http;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Optional;
import org.docex.schema.SchemaReady;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@code DOCEX_HSTS_SECONDS}: 0 (the default) sends no {@code Strict-Transport-Security} header,
 * since TLS usually ends at a proxy that may set its own. Read when the application starts, so that
 * a negative value stops the start instead of failing every request.
 */
@ApplicationScoped
public class HstsSetting {

    @Inject
    @ConfigProperty(name = "docex.hsts-seconds", defaultValue = "0")
    long seconds;

    @PostConstruct
    void check() {
        if (seconds < 0) {
            throw new IllegalStateException("DOCEX_HSTS_SECONDS must be 0 (no HSTS header) or a number of seconds; "
                    + "refusing to start");
        }
    }

    void onStart(@Observes SchemaReady ready) {
        // Creating the bean (check) is what this is for.
    }

    /** The header's value, or empty when HSTS is off. */
    Optional<String> header() {
        return seconds > 0 ? Optional.of("max-age=" + seconds) : Optional.empty();
    }
}
