package org.docex.webhooks.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import org.docex.webhooks.entity.Delivery;
import org.docex.webhooks.entity.DeliveryStatus;
import org.docex.webhooks.entity.Subscription;
import org.docex.webhooks.entity.WebhookEvent;

/**
 * The queue side of deliveries, one short transaction per step, as the extraction queue: a step
 * reads the rows and changes them through the entity, and the version check on write fails it when
 * another node changed a row first. Claims and outcomes go in batches, so that a burst of answers
 * (a receiver answers the attempts sent together at about the same time) costs one transaction,
 * not one each.
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

    private static <T> Map<UUID, T> byId(List<T> rows, Function<T, UUID> id) {
        Map<UUID, T> byId = new HashMap<>();
        rows.forEach(row -> byId.put(id.apply(row), row));
        return byId;
    }

    /** What one attempt came to, to be written by {@link #record}. */
    public record Finished(Attempt attempt, Outcome outcome) {
    }

    /**
     * Takes for {@code owner} those of the deliveries that are still due and free, all in one
     * transaction (one statement reads them, one each their subscriptions and events). When another
     * node changed one of them first, the version check fails the whole step: the caller then
     * claims them one at a time.
     */
    @Transactional
    public List<Attempt> claim(List<UUID> ids, String owner) {
        Instant now = clock.instant();
        List<Delivery> deliveries = em.createQuery("SELECT d FROM Delivery d WHERE d.id IN :ids", Delivery.class)
                .setParameter("ids", ids)
                .getResultList().stream()
                .filter(delivery -> delivery.claimable(now))
                .toList();
        if (deliveries.isEmpty()) {
            return List.of();
        }
        Map<UUID, Subscription> subscriptions = byId(em.createQuery("SELECT s FROM Subscription s WHERE s.id IN :ids", Subscription.class)
                .setParameter("ids", deliveries.stream().map(Delivery::subscriptionId).distinct().toList())
                .getResultList(), Subscription::id);
        Map<UUID, WebhookEvent> events = byId(em.createQuery("SELECT e FROM WebhookEvent e WHERE e.id IN :ids", WebhookEvent.class)
                .setParameter("ids", deliveries.stream().map(Delivery::eventId).distinct().toList())
                .getResultList(), WebhookEvent::id);
        Map<UUID, String> secretsById = new HashMap<>();
        Instant leaseUntil = now.plus(settings.lease());
        List<Attempt> attempts = new ArrayList<>(deliveries.size());
        for (Delivery delivery : deliveries) {
            Subscription subscription = subscriptions.get(delivery.subscriptionId());
            WebhookEvent event = events.get(delivery.eventId());
            if (subscription == null || event == null) {
                continue;
            }
            int number = delivery.claim(owner, now, leaseUntil);
            String secret = secretsById.computeIfAbsent(subscription.id(), id -> secrets.decrypt(subscription.secretEncrypted()));
            attempts.add(new Attempt(delivery.id(), number, subscription.id(), subscription.url(), subscription.active(),
                    secret, event.id(), event.body()));
        }
        em.flush();
        return attempts;
    }

    /**
     * Writes the outcomes of the attempts that still hold their delivery, all in one transaction;
     * 410 turns the subscription off. Answers the status each recorded delivery has now. When
     * another node took one of them over first, the version check fails the whole step: the caller
     * then records them one at a time.
     */
    @Transactional
    public Map<UUID, DeliveryStatus> record(List<Finished> finished, String owner) {
        Map<UUID, Delivery> deliveries = byId(em.createQuery("SELECT d FROM Delivery d WHERE d.id IN :ids", Delivery.class)
                .setParameter("ids", finished.stream().map(done -> done.attempt().deliveryId()).toList())
                .getResultList(), Delivery::id);
        Instant now = clock.instant();
        Map<UUID, DeliveryStatus> recorded = new HashMap<>();
        for (Finished done : finished) {
            Attempt attempt = done.attempt();
            Outcome outcome = done.outcome();
            Delivery delivery = deliveries.get(attempt.deliveryId());
            if (delivery == null || !delivery.heldBy(owner, attempt.number())) {
                continue;
            }
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
            recorded.put(delivery.id(), delivery.status());
        }
        em.flush();
        return recorded;
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
