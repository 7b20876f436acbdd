package org.docex.webhooks.control;

import static org.docex.SharedJsonProvider.JSON;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import org.docex.webhooks.entity.Delivery;
import org.docex.webhooks.entity.Subscription;
import org.docex.webhooks.entity.WebhookEvent;

/**
 * The outbox: an event and one delivery per subscription that wants it, written in the caller's
 * transaction, the one that makes the change the event reports. A rolled-back change leaves no
 * event; a committed one is sent by a {@link WebhookSender} on some node, at least once.
 */
@ApplicationScoped
public class Outbox {

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    @Inject
    Clock clock;

    @Inject
    WebhookSettings settings;

    @Inject
    Event<DeliveriesQueued> queued;

    /** Records the event for every active subscription that asked for its type; nothing when none did. */
    @Transactional(Transactional.TxType.MANDATORY)
    public void publish(EventType type, UUID subject, JsonObject data) {
        List<Subscription> wanting = em.createQuery("SELECT s FROM Subscription s WHERE s.active = true", Subscription.class)
                .getResultList().stream()
                .filter(subscription -> subscription.wants(type.apiName()))
                .toList();
        if (!wanting.isEmpty()) {
            add(type, subject, data, wanting);
        }
    }

    /** Records the event for exactly these subscriptions (the test event). */
    @Transactional(Transactional.TxType.MANDATORY)
    public WebhookEvent add(EventType type, UUID subject, JsonObject data, List<Subscription> to) {
        Instant now = clock.instant();
        UUID id = UUID.randomUUID();
        WebhookEvent event = new WebhookEvent(id, type.apiName(), subject, now, body(id, type, subject, now, data));
        em.persist(event);
        // The deliveries refer to the event and the provider does not order unrelated inserts: the event goes first.
        em.flush();
        for (Subscription subscription : to) {
            em.persist(new Delivery(subscription.id(), event, now, now.plus(WebhookSettings.RETRY_WINDOW)));
        }
        queued.fire(new DeliveriesQueued(to.size()));
        return event;
    }

    // A CloudEvents 1.0 event in its JSON format.
    private String body(UUID id, EventType type, UUID subject, Instant time, JsonObject data) {
        return JSON.createObjectBuilder()
                .add("specversion", "1.0")
                .add("id", id.toString())
                .add("source", settings.source())
                .add("type", type.cloudEventType())
                .add("subject", subject.toString())
                .add("time", DateTimeFormatter.ISO_INSTANT.format(time.truncatedTo(ChronoUnit.MILLIS)))
                .add("datacontenttype", "application/json")
                .add("data", data)
                .build()
                .toString();
    }
}
