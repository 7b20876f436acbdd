package org.docex.webhooks.control;

import static org.docex.SharedJsonProvider.JSON;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.TypedQuery;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.NotFoundException;
import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.docex.errors.ConflictException;
import org.docex.errors.UnprocessableException;
import org.docex.persistence.ResourceId;
import org.docex.webhooks.entity.Delivery;
import org.docex.webhooks.entity.DeliveryStatus;
import org.docex.webhooks.entity.Subscription;
import org.docex.webhooks.entity.WebhookEvent;

/** Webhook subscriptions and their deliveries, as admins manage them; every input checked here. */
@ApplicationScoped
public class Subscriptions {

    public static final String NOT_FOUND = "Webhook subscription not found";
    public static final int MAX_EVENTS = 20;
    public static final int MAX_DESCRIPTION = 500;

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    @Inject
    WebhookSettings settings;

    @Inject
    WebhookSecrets secrets;

    @Inject
    Outbox outbox;

    @Inject
    Event<DeliveriesQueued> queued;

    @Inject
    Clock clock;

    /** A new subscription and its secret, which is shown this once. */
    public record Created(Subscription subscription, String secret) {
    }

    @Transactional
    public Created create(String url, List<String> events, String description, String createdBy) {
        String secret = Signature.newSecret();
        Subscription subscription = new Subscription(checkedUrl(url), checkedEvents(events), checkedDescription(description),
                secrets.encrypt(secret), createdBy, clock.instant());
        em.persist(subscription);
        em.flush();
        return new Created(subscription, secret);
    }

    @Transactional
    public Subscription get(String id) {
        return ResourceId.parse(id).map(uuid -> em.find(Subscription.class, uuid)).orElseThrow(() -> new NotFoundException(NOT_FOUND));
    }

    @Transactional
    public List<Subscription> list(int offset, int limit) {
        return em.createQuery("SELECT s FROM Subscription s ORDER BY s.createdAt, s.id", Subscription.class)
                .setFirstResult(offset).setMaxResults(limit).getResultList();
    }

    @Transactional
    public long count() {
        return em.createQuery("SELECT COUNT(s) FROM Subscription s", Long.class).getSingleResult();
    }

    /** Changes what is given (null: unchanged); an empty description removes it. */
    @Transactional
    public Subscription update(String id, String url, List<String> events, Boolean active, String description) {
        Subscription subscription = get(id);
        if (url != null) {
            subscription.changeUrl(checkedUrl(url));
        }
        if (events != null) {
            subscription.changeEvents(checkedEvents(events));
        }
        if (description != null) {
            subscription.describe(description.isBlank() ? null : checkedDescription(description));
        }
        if (active != null) {
            subscription.activate(active);
        }
        em.flush();
        return subscription;
    }

    /** Removes it with its deliveries; events no other delivery needs go too. */
    @Transactional
    public void delete(String id) {
        Subscription subscription = get(id);
        em.remove(subscription);
        em.flush();
        em.createNativeQuery("DELETE FROM webhook_event e WHERE NOT EXISTS (SELECT 1 FROM webhook_delivery d WHERE d.event_id = e.id)")
                .executeUpdate();
    }

    @Transactional
    public Created rotateSecret(String id) {
        Subscription subscription = get(id);
        String secret = Signature.newSecret();
        subscription.replaceSecret(secrets.encrypt(secret));
        em.flush();
        return new Created(subscription, secret);
    }

    /** Queues a {@code webhook.test} event for this subscription alone; it must be on. */
    @Transactional
    public Delivery test(String id) {
        Subscription subscription = get(id);
        if (!subscription.active()) {
            throw new ConflictException("The subscription is turned off; turn it on to send it events");
        }
        WebhookEvent event = outbox.add(EventType.WEBHOOK_TEST, subscription.id(),
                JSON.createObjectBuilder()
                        .add("subscription_id", subscription.id().toString())
                        .add("message", "A test event from docex")
                        .build(),
                List.of(subscription));
        em.flush();
        return em.createQuery("SELECT d FROM Delivery d WHERE d.eventId = :event", Delivery.class)
                .setParameter("event", event.id()).getSingleResult();
    }

    @Transactional
    public List<Delivery> deliveries(String id, Optional<DeliveryStatus> status, int offset, int limit) {
        Subscription subscription = get(id);
        TypedQuery<Delivery> query = em.createQuery("SELECT d FROM Delivery d WHERE d.subscriptionId = :subscription"
                + (status.isPresent() ? " AND d.status = :status" : "") + " ORDER BY d.createdAt DESC, d.id", Delivery.class);
        query.setParameter("subscription", subscription.id());
        status.ifPresent(wanted -> query.setParameter("status", wanted.apiName()));
        return query.setFirstResult(offset).setMaxResults(limit).getResultList();
    }

    @Transactional
    public long countDeliveries(String id, Optional<DeliveryStatus> status) {
        Subscription subscription = get(id);
        TypedQuery<Long> query = em.createQuery("SELECT COUNT(d) FROM Delivery d WHERE d.subscriptionId = :subscription"
                + (status.isPresent() ? " AND d.status = :status" : ""), Long.class);
        query.setParameter("subscription", subscription.id());
        status.ifPresent(wanted -> query.setParameter("status", wanted.apiName()));
        return query.getSingleResult();
    }

    /** Sends the delivery again as soon as a sender is free, whatever became of it, unless it is being sent now. */
    @Transactional
    public Delivery retry(String id, String deliveryId) {
        Subscription subscription = get(id);
        Delivery delivery = ResourceId.parse(deliveryId).map(uuid -> em.find(Delivery.class, uuid))
                .filter(found -> found.subscriptionId().equals(subscription.id()))
                .orElseThrow(() -> new NotFoundException("Delivery not found"));
        if (!subscription.active()) {
            throw new ConflictException("The subscription is turned off; turn it on to send it events");
        }
        Instant now = clock.instant();
        if (delivery.status() == DeliveryStatus.PENDING && !delivery.claimable(now) && !delivery.nextAttemptAt().isAfter(now)) {
            throw new ConflictException("The delivery is being sent now");
        }
        delivery.retryNow(now, now.plus(WebhookSettings.RETRY_WINDOW));
        em.flush();
        queued.fire(new DeliveriesQueued(1));
        return delivery;
    }

    private String checkedUrl(String url) {
        URI uri;
        try {
            uri = WebhookUrls.parse(url);
        } catch (WebhookUrls.InvalidUrlException e) {
            throw new UnprocessableException(e.getMessage());
        }
        WebhookUrls.refusal(uri, settings.allowPrivate()).ifPresent(reason -> {
            throw new UnprocessableException("url: " + reason);
        });
        return uri.toString();
    }

    private static List<String> checkedEvents(List<String> events) {
        if (events == null || events.isEmpty()) {
            throw new UnprocessableException("events: name at least one event, or \"*\" for all");
        }
        if (events.size() > MAX_EVENTS) {
            throw new UnprocessableException("events: at most " + MAX_EVENTS + " names");
        }
        Set<String> names = new LinkedHashSet<>();
        for (String name : events) {
            if (name == null || !(name.equals(Subscription.ALL_EVENTS) || EventType.subscribable(name).isPresent())) {
                throw new UnprocessableException("events: unknown event " + (name == null ? "null" : "\"" + abbreviated(name) + "\"")
                        + "; known are " + String.join(", ", knownEvents()) + " and \"*\"");
            }
            names.add(name);
        }
        if (names.contains(Subscription.ALL_EVENTS) && names.size() > 1) {
            throw new UnprocessableException("events: \"*\" stands alone");
        }
        return new ArrayList<>(names);
    }

    private static String checkedDescription(String description) {
        if (description != null && description.length() > MAX_DESCRIPTION) {
            throw new UnprocessableException("description must be at most " + MAX_DESCRIPTION + " characters");
        }
        return description == null || description.isBlank() ? null : description.strip();
    }

    private static List<String> knownEvents() {
        return java.util.Arrays.stream(EventType.values()).filter(type -> type != EventType.WEBHOOK_TEST).map(EventType::apiName).toList();
    }

    private static String abbreviated(String name) {
        return name.length() > 60 ? name.substring(0, 60) + "..." : name;
    }
}
