package org.docex.webhooks.control;

/** Fired when deliveries were added; observed after the transaction commits, to send them at once. */
public record DeliveriesQueued(int count) {
}
