package org.docex.webhooks.boundary;

import java.util.List;

/** A subscription to create, or the changes to one (null: unchanged). Nothing else a client sends is bound. */
public record SubscriptionRequest(String url, List<String> events, String description, Boolean active) {
}
