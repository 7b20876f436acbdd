package org.docex.webhooks.control;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;
import org.docex.DocexApplication;
import org.docex.persistence.ReadOnlySql;
import org.docex.webhooks.entity.Delivery;
import org.docex.webhooks.entity.DeliveryStatus;

/**
 * The queue side of deliveries. The steps every delivery goes through (finding the due ones,
 * claiming, recording the outcome) are plain SQL on an unshareable connection in a short local
 * transaction of their own, a batch at a time: a receiver answers the attempts sent together at
 * about the same time, and through the entity manager each of those steps cost a JTA transaction,
 * entity copies and a change comparison per row, most of a delivery's CPU (in a profile of 2,000
 * deliveries, three quarters of the sending threads' time was in these steps, half of that in JPA
 * and JTA). Each update names the state it expects (pending and free, or held by this attempt) and
 * bumps the row version, so it changes nothing when another node or an admin changed the row
 * first, and the JPA writers of the same rows (an admin's retry, the release at start) still see
 * the change. Callers are never inside a transaction (the sender's own threads).
 */
@ApplicationScoped
public class DeliveryQueue {

    private static final String PENDING = DeliveryStatus.PENDING.apiName();
    private static final int KEPT_SECRETS = 1000;

    // A rotated secret is another stored value: the old one falls out when the map is cleared.
    private final Map<String, String> decrypted = new ConcurrentHashMap<>();

    @PersistenceContext(unitName = "docex")
    EntityManager em;

    @Resource(lookup = DocexApplication.DATA_SOURCE, shareable = false)
    DataSource dataSource;

    @Inject
    Clock clock;

    @Inject
    WebhookSettings settings;

    @Inject
    WebhookSecrets secrets;

    /** A delivery that is due, and its subscription. */
    public record Due(UUID id, UUID subscriptionId) {
    }

    /** What one attempt came to, to be written by {@link #record}. */
    public record Finished(Attempt attempt, Outcome outcome) {
    }

    /**
     * Pending deliveries that are due and held by nobody, longest waiting first, leaving out the
     * subscriptions in {@code busy} (those with their share in flight): else a receiver with a long
     * backlog would fill every answer and the other subscriptions would wait behind it.
     */
    public List<Due> due(int max, Set<UUID> busy) {
        OffsetDateTime now = utc(clock.instant());
        List<UUID> left = padded(List.copyOf(busy));
        // Ordered as the index is, status first: the database reads the index in order and stops at the limit.
        String sql = "SELECT id, subscription_id FROM webhook_delivery WHERE status = ? AND next_attempt_at <= ?"
                + " AND (lease_until IS NULL OR lease_until < ?)"
                + (left.isEmpty() ? "" : " AND subscription_id NOT IN (" + placeholders(left.size()) + ")")
                + " ORDER BY status, next_attempt_at, id FETCH FIRST ? ROWS ONLY";
        try (Connection connection = dataSource.getConnection();
             PreparedStatement query = connection.prepareStatement(sql)) {
            int index = set(query, 1, PENDING, now, now);
            index = set(query, index, left.toArray());
            query.setInt(index, Math.max(1, max));
            List<Due> due = new ArrayList<>();
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    due.add(new Due(ReadOnlySql.uuid(rows.getObject(1)), ReadOnlySql.uuid(rows.getObject(2))));
                }
            }
            return due;
        } catch (SQLException e) {
            throw new IllegalStateException("Webhook delivery queue: " + e.getMessage(), e);
        }
    }

    /**
     * Takes for {@code owner} those of the deliveries that are still due and free: one statement
     * reads them with their subscription and event, one update each takes the lease, in one
     * transaction. An update that finds the row changed since (another node took it) takes nothing.
     */
    public List<Attempt> claim(List<UUID> ids, String owner) {
        if (ids.isEmpty()) {
            return List.of();
        }
        Instant instant = clock.instant();
        OffsetDateTime now = utc(instant);
        OffsetDateTime leaseUntil = utc(instant.plus(settings.lease()));
        List<UUID> asked = padded(ids);
        return inTransaction(connection -> {
            List<Attempt> candidates = new ArrayList<>();
            try (PreparedStatement query = connection.prepareStatement(
                    "SELECT d.id, d.attempts, d.give_up_at, s.id, s.url, s.active, s.secret_encrypted, e.id, e.body"
                            + " FROM webhook_delivery d JOIN webhook_subscription s ON s.id = d.subscription_id"
                            + " JOIN webhook_event e ON e.id = d.event_id"
                            + " WHERE d.id IN (" + placeholders(asked.size()) + ") AND d.status = ? AND d.next_attempt_at <= ?"
                            + " AND (d.lease_until IS NULL OR d.lease_until < ?)")) {
                int index = set(query, 1, asked.toArray());
                set(query, index, PENDING, now, now);
                try (ResultSet rows = query.executeQuery()) {
                    while (rows.next()) {
                        // The number of attempts before this one, for now.
                        candidates.add(new Attempt(ReadOnlySql.uuid(rows.getObject(1)), rows.getInt(2),
                                ReadOnlySql.uuid(rows.getObject(4)), rows.getString(5), rows.getBoolean(6),
                                secret(rows.getString(7)),
                                ReadOnlySql.uuid(rows.getObject(8)), rows.getString(9),
                                rows.getObject(3, OffsetDateTime.class).toInstant()));
                    }
                }
            }
            List<Attempt> claimed = new ArrayList<>(candidates.size());
            try (PreparedStatement update = connection.prepareStatement(
                    "UPDATE webhook_delivery SET lease_owner = ?, lease_until = ?, attempts = ?, row_version = row_version + 1"
                            + " WHERE id = ? AND attempts = ? AND status = ? AND (lease_until IS NULL OR lease_until < ?)")) {
                for (Attempt read : candidates) {
                    int number = read.number() + 1;
                    set(update, 1, owner, leaseUntil, number, read.deliveryId(), read.number(), PENDING, now);
                    if (update.executeUpdate() == 1) {
                        claimed.add(new Attempt(read.deliveryId(), number, read.subscriptionId(), read.url(),
                                read.subscriptionActive(), read.secret(), read.eventId(), read.body(), read.giveUpAt()));
                    }
                }
            }
            return claimed;
        });
    }

    /**
     * Writes the outcomes of the attempts that still hold their delivery, in one transaction; 410
     * turns the subscription off. Answers the status each recorded delivery has now; an attempt
     * whose delivery was taken over meanwhile (its lease ran out) records nothing.
     */
    public Map<UUID, DeliveryStatus> record(List<Finished> finished, String owner) {
        Instant now = clock.instant();
        return inTransaction(connection -> {
            Map<UUID, DeliveryStatus> recorded = new HashMap<>();
            try (PreparedStatement update = connection.prepareStatement(
                    "UPDATE webhook_delivery SET status = ?, next_attempt_at = ?, delivered_at = ?, last_status_code = ?,"
                            + " last_error = ?, last_response = ?, lease_owner = NULL, lease_until = NULL,"
                            + " row_version = row_version + 1"
                            + " WHERE id = ? AND status = ? AND lease_owner = ? AND attempts = ?");
                 PreparedStatement turnOff = connection.prepareStatement(
                         "UPDATE webhook_subscription SET active = FALSE, deactivated_reason = ?, row_version = row_version + 1"
                                 + " WHERE id = ?")) {
                for (Finished done : finished) {
                    Attempt attempt = done.attempt();
                    Recorded outcome = Recorded.of(done.outcome(), attempt.number(), attempt.giveUpAt(), now, settings.firstRetry());
                    set(update, 1, outcome.status().apiName(), utc(outcome.nextAttemptAt()), utc(outcome.deliveredAt()));
                    setInteger(update, 4, outcome.statusCode());
                    setText(update, 5, outcome.error());
                    setText(update, 6, outcome.response());
                    set(update, 7, attempt.deliveryId(), PENDING, owner, attempt.number());
                    if (update.executeUpdate() != 1) {
                        continue;
                    }
                    recorded.put(attempt.deliveryId(), outcome.status());
                    if (done.outcome().kind() == Outcome.Kind.GONE) {
                        set(turnOff, 1, "The receiver answered 410 Gone at " + now, attempt.subscriptionId());
                        turnOff.executeUpdate();
                    }
                }
            }
            return recorded;
        });
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

    @FunctionalInterface
    private interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    private <T> T inTransaction(Work<T> work) {
        try (Connection connection = dataSource.getConnection()) {
            connection.setAutoCommit(false);
            try {
                T result = work.run(connection);
                connection.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            } finally {
                connection.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Webhook delivery queue: " + e.getMessage(), e);
        }
    }

    /** Sets the parameters from {@code first} on (a null is a time left empty); answers the next index. */
    private static int set(PreparedStatement statement, int first, Object... values) throws SQLException {
        int index = first;
        for (Object value : values) {
            if (value == null) {
                statement.setNull(index++, Types.TIMESTAMP_WITH_TIMEZONE);
            } else {
                statement.setObject(index++, value);
            }
        }
        return index;
    }

    private static void setInteger(PreparedStatement statement, int index, Integer value) throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.INTEGER);
        } else {
            statement.setInt(index, value);
        }
    }

    private static void setText(PreparedStatement statement, int index, String value) throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.VARCHAR);
        } else {
            statement.setString(index, value);
        }
    }

    /**
     * The list, its length made a power of two by repeating its first element (the same conditions
     * for the database): the statements that take such a list as {@code IN (?, ...)} then have a
     * handful of texts, which the database parses once and keeps, instead of one per length.
     */
    static <T> List<T> padded(List<T> values) {
        if (values.isEmpty()) {
            return values;
        }
        int length = Integer.highestOneBit(values.size());
        if (length < values.size()) {
            length <<= 1;
        }
        List<T> padded = new ArrayList<>(length);
        padded.addAll(values);
        while (padded.size() < length) {
            padded.add(values.get(0));
        }
        return padded;
    }

    /** The signing secret of a stored encrypted one; kept, as subscriptions are few and each sends many events. */
    private String secret(String stored) {
        if (decrypted.size() >= KEPT_SECRETS) {
            decrypted.clear();
        }
        return decrypted.computeIfAbsent(stored, secrets::decrypt);
    }

    private static String placeholders(int count) {
        return String.join(", ", Collections.nCopies(count, "?"));
    }

    private static OffsetDateTime utc(Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }
}
