package org.docex.webhooks.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.docex.webhooks.entity.Delivery;
import org.docex.webhooks.entity.DeliveryStatus;
import org.docex.webhooks.entity.Subscription;
import org.docex.webhooks.entity.WebhookEvent;

/**
 * The queue side of deliveries, one short transaction per step, as the extraction queue: a step
 * reads the row and changes it through the entity, and the version check on write fails it when
 * another node changed the row first.
 */
@ApplicationScoped
public class DeliveryQueue {

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    @Inject
    Clock clock;

    @Inject
    WebhookSettings settings;

    @Inject
    WebhookSecrets secrets;

    /** A delivery that is due, and its subscription. */
    public record Due(UUID id, UUID subscriptionId) {
    }

    /**
     * Pending deliveries that are due and held by nobody, longest waiting first, leaving out the
     * subscriptions in {@code busy} (those with their share in flight): else a receiver with a long
     * backlog would fill every answer and the other subscriptions would wait behind it.
     */
    @Transactional
    public List<Due> due(int max, Set<UUID> busy) {
        Instant now = clock.instant();
        var query = em.createQuery("SELECT d.id, d.subscriptionId FROM Delivery d WHERE d.status = :pending"
                        + " AND d.nextAttemptAt <= :now AND (d.leaseUntil IS NULL OR d.leaseUntil < :now)"
                        + (busy.isEmpty() ? "" : " AND d.subscriptionId NOT IN :busy")
                        // Ordered as the index is, status first: H2 reads the index in order and stops at the
                        // limit only then (64 rows read instead of every pending one).
                        + " ORDER BY d.status, d.nextAttemptAt, d.id", Object[].class)
                .setParameter("pending", DeliveryStatus.PENDING.apiName())
                .setParameter("now", now)
                .setMaxResults(max);
        if (!busy.isEmpty()) {
            query.setParameter("busy", List.copyOf(busy));
        }
        return query.getResultList().stream()
                .map(row -> new Due((UUID) row[0], (UUID) row[1]))
                .toList();
    }

    /** Takes the delivery for {@code owner} when it is still due and free. */
    @Transactional
    public Optional<Attempt> claim(UUID id, String owner) {
        Delivery delivery = em.find(Delivery.class, id);
        Instant now = clock.instant();
        if (delivery == null || !delivery.claimable(now)) {
            return Optional.empty();
        }
        Subscription subscription = em.find(Subscription.class, delivery.subscriptionId());
        WebhookEvent event = em.find(WebhookEvent.class, delivery.eventId());
        if (subscription == null || event == null) {
            return Optional.empty();
        }
        int number = delivery.claim(owner, now, now.plus(settings.lease()));
        em.flush();
        return Optional.of(new Attempt(id, number, subscription.id(), subscription.url(), subscription.active(),
                secrets.decrypt(subscription.secretEncrypted()), event.id(), event.body()));
    }

    /** Writes the attempt's outcome, if the attempt still holds the delivery; 410 turns the subscription off. */
    @Transactional
    public Optional<DeliveryStatus> record(Attempt attempt, String owner, Outcome outcome) {
        Delivery delivery = em.find(Delivery.class, attempt.deliveryId());
        if (delivery == null || !delivery.heldBy(owner, attempt.number())) {
            return Optional.empty();
        }
        Instant now = clock.instant();
        switch (outcome.kind()) {
            case DELIVERED -> delivery.succeeded(outcome.statusCode(), outcome.response(), now);
            case RETRY -> delivery.retryAt(outcome.nextAttempt(now, attempt.number(), settings.firstRetry()),
                    outcome.statusCode(), outcome.error(), outcome.response());
            case FAILED -> delivery.failed(outcome.statusCode(), outcome.error(), outcome.response());
            case GONE -> {
                delivery.failed(outcome.statusCode(), outcome.error(), outcome.response());
                Optional.ofNullable(em.find(Subscription.class, attempt.subscriptionId()))
                        .ifPresent(subscription -> subscription.deactivate("The receiver answered 410 Gone at " + now));
            }
        }
        em.flush();
        return Optional.of(delivery.status());
    }

    /** At start: what this node held when it stopped is due again at once (it cannot be in flight any more). */
    @Transactional
    public int releaseLeases(String owner) {
        List<Delivery> held = em.createQuery("SELECT d FROM Delivery d WHERE d.leaseOwner = :owner AND d.status = :pending",
                        Delivery.class)
                .setParameter("owner", owner)
                .setParameter("pending", DeliveryStatus.PENDING.apiName())
                .getResultList();
        Instant now = clock.instant();
        held.forEach(delivery -> delivery.releaseLease(now));
        em.flush();
        return held.size();
    }

    @Transactional
    public long pending() {
        return em.createQuery("SELECT COUNT(d) FROM Delivery d WHERE d.status = :pending", Long.class)
                .setParameter("pending", DeliveryStatus.PENDING.apiName())
                .getSingleResult();
    }
}
