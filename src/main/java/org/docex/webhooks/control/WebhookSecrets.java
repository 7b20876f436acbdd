package org.docex.webhooks.control;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.docex.security.control.DerivedKeyEncryption;

/** Webhook signing secrets encrypted for the database, under a key of their own derived from the server key. */
@ApplicationScoped
public class WebhookSecrets extends DerivedKeyEncryption {

    @Override
    protected String label() {
        return "docex webhook secret";
    }

    @Override
    protected List<String> storedIn() {
        return List.of("webhook_subscription.secret_encrypted");
    }
}
