package org.docex.webhooks.control;

import io.github.bucket4j.Bucket;
import io.github.bucket4j.TimeMeter;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.net.InetAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.docex.concurrency.CoreLoad;
import org.docex.concurrency.Shutdown;
import org.docex.extraction.control.workflow.ExtractionSettings;
import org.docex.http.WorkPermits;
import org.docex.persistence.DatabaseOutage;
import org.docex.schema.SchemaReady;
import org.docex.webhooks.entity.DeliveryStatus;

/**
 * Sends this node's share of the deliveries. About once a second, and at once after a transaction
 * added deliveries or an attempt ended, one scheduler thread records the outcomes that came in and
 * claims due deliveries while a sending slot is free ({@code DOCEX_WEBHOOK_CONCURRENCY} on the
 * node, at most {@link WebhookSettings#PER_SUBSCRIPTION} for one subscription, so a slow or dead
 * receiver holds only a few), each in one transaction for all of them; the sending threads check
 * the URL's addresses again, send the signed event with the attempt's timeout and no redirects and
 * keep at most 1 KiB of the answer. The database work of all deliveries is on that one thread:
 * answers that come in together (a receiver answering the attempts sent together) cost one
 * transaction and at most one core, not a runnable thread each beside the requests. Requests to
 * the API never wait for any of it, and while they wait for their turn ({@link WorkPermits#busy()})
 * or the cores are busy ({@link CoreLoad}) the node starts at most
 * {@link #PER_SECOND_WHILE_BUSY} attempts a second ({@link #paceWhileBusy}): each attempt takes the
 * cores' time (the request, the database's writes, and on the embedded database the collector's
 * longer pauses), and deliveries can wait where answers to people cannot; they catch up once the
 * API is idle again. The pace counts attempts started, not attempts in flight, so a receiver that
 * does not answer still holds only its own share of the slots.
 */
@ApplicationScoped
public class WebhookSender {

    private static final Logger LOG = Logger.getLogger(WebhookSender.class.getName());
    private static final int KEPT_ANSWER_BYTES = 1024;
    /** While the API or the cores are busy, a node starts at most this many attempts a second... */
    static final int PER_SECOND_WHILE_BUSY = 10;
    /** ...and at most this many together. */
    static final int TOGETHER_WHILE_BUSY = 4;

    @Resource
    ManagedThreadFactory threadFactory;

    @Inject
    WebhookSettings settings;

    @Inject
    ExtractionSettings nodes;

    @Inject
    DeliveryQueue queue;

    @Inject
    WebhookMetrics metrics;

    @Inject
    Clock clock;

    @Inject
    WorkPermits api;

    @Inject
    CoreLoad cores;

    private final Map<UUID, AtomicInteger> perSubscription = new ConcurrentHashMap<>();
    private final Queue<DeliveryQueue.Finished> finished = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean nudged = new AtomicBoolean();
    private final Bucket paceWhileBusy = paceWhileBusy(TimeMeter.SYSTEM_NANOTIME);
    private volatile String owner;
    private boolean waitingForDatabase;
    private volatile Semaphore slots;
    private volatile ScheduledExecutorService scheduler;
    private volatile ExecutorService senders;
    private volatile WebhookPost post;

    synchronized void onSchemaReady(@Observes SchemaReady ready) {
        owner = nodes.nodeId();
        int released = queue.releaseLeases(owner);
        if (released > 0) {
            LOG.info(() -> "Webhook deliveries this node held when it stopped are due again: " + released);
        }
        metrics.register();
        int concurrency = settings.concurrency();
        slots = new Semaphore(concurrency);
        senders = Executors.newFixedThreadPool(concurrency, threadFactory);
        post = new WebhookPost(InetAddress::getAllByName, WebhookPost.DIRECT, KEPT_ANSWER_BYTES);
        scheduler = Executors.newSingleThreadScheduledExecutor(threadFactory);
        long interval = WebhookSettings.POLL_INTERVAL.toMillis();
        scheduler.scheduleWithFixedDelay(this::tick, interval, interval, TimeUnit.MILLISECONDS);
        LOG.info(() -> "Webhook sender started on node " + owner + ", " + concurrency + " deliveries at a time"
                + (settings.allowPrivate() ? "; private addresses ALLOWED (DOCEX_WEBHOOK_ALLOW_PRIVATE)" : ""));
    }

    void onQueued(@Observes(during = TransactionPhase.AFTER_SUCCESS) DeliveriesQueued queued) {
        nudge();
    }

    /**
     * New deliveries or a free slot: claim now rather than at the next tick. Nudges that come while
     * one waits to run are one: a burst of finished attempts makes one look for due deliveries, not one each.
     */
    private void nudge() {
        ScheduledExecutorService current = scheduler;
        if (current == null || !nudged.compareAndSet(false, true)) {
            return;
        }
        try {
            current.execute(() -> {
                nudged.set(false);
                work();
            });
        } catch (RejectedExecutionException stopping) {
            nudged.set(false);
            LOG.log(Level.FINE, "Webhook sender is stopping", stopping);
        }
    }

    /**
     * Stops claiming (a pass of the scheduler under way ends first: an interrupt inside a database
     * call can close the embedded database's file, as H2 works on NIO channels, which an interrupt
     * closes), lets the attempts under way end for a moment before they are interrupted, then
     * records the outcomes they left on this thread. What is still held when the node is gone is
     * released at its next start, or taken by another node when the lease runs out.
     */
    @PreDestroy
    synchronized void stop() {
        if (scheduler == null) {
            return;
        }
        scheduler.shutdown();
        senders.shutdown();
        Shutdown.gently(scheduler, Duration.ofSeconds(5));
        Shutdown.gently(senders, settings.timeout().plusSeconds(2));
        try {
            recordFinished();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Webhook outcomes could not be recorded while stopping; those deliveries are sent again", e);
        }
    }

    private void tick() {
        try {
            metrics.pending(queue.pending());
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Counting pending webhook deliveries failed", e);
        }
        work();
    }

    /**
     * Runs on the scheduler's one thread only: the outcomes that came in, then new claims for the free
     * slots. While the database cannot be reached this fails each time; that is logged when it starts
     * and when it ends, and the next tick tries again.
     */
    private void work() {
        try {
            recordFinished();
            claimWhileFree();
            if (waitingForDatabase) {
                waitingForDatabase = false;
                LOG.info("Webhook deliveries go on: the database answers again");
            }
        } catch (RuntimeException e) {
            String outage = DatabaseOutage.driverReason(e);
            if (outage == null) {
                LOG.log(Level.WARNING, "Looking for due webhook deliveries failed; trying again", e);
            } else if (!waitingForDatabase) {
                waitingForDatabase = true;
                LOG.warning(() -> "Webhook deliveries wait for the database, trying again every second: " + outage);
            }
        }
    }

    private void claimWhileFree() {
        int free = slots.availablePermits();
        if (free > 0 && (api.busy() || cores.busy())) {
            free = (int) Math.min(free, paceWhileBusy.getAvailableTokens());
        }
        if (free == 0) {
            return;
        }
        // More than the free slots: some may belong to a subscription that already has its share in flight.
        Set<UUID> busy = new HashSet<>();
        perSubscription.forEach((id, sending) -> {
            if (sending.get() >= WebhookSettings.PER_SUBSCRIPTION) {
                busy.add(id);
            }
        });
        Map<UUID, UUID> chosen = new LinkedHashMap<>();
        for (DeliveryQueue.Due due : queue.due(free * 4, busy)) {
            AtomicInteger sending = perSubscription.computeIfAbsent(due.subscriptionId(), id -> new AtomicInteger());
            if (sending.get() >= WebhookSettings.PER_SUBSCRIPTION) {
                continue;
            }
            if (chosen.size() >= free || !slots.tryAcquire()) {
                break;
            }
            sending.incrementAndGet();
            chosen.put(due.id(), due.subscriptionId());
        }
        if (chosen.isEmpty()) {
            return;
        }
        List<Attempt> claimed = claim(List.copyOf(chosen.keySet()));
        if (!claimed.isEmpty()) {
            // Counted busy or not (never into debt), so that a busy spell starts from what was just sent.
            paceWhileBusy.tryConsumeAsMuchAsPossible(claimed.size());
        }
        for (Attempt attempt : claimed) {
            chosen.remove(attempt.deliveryId());
            try {
                senders.execute(() -> send(attempt));
            } catch (RejectedExecutionException stopping) {
                release(attempt.subscriptionId());
            }
        }
        // Taken by another node, or no longer due.
        chosen.values().forEach(this::release);
    }

    /** {@link #PER_SECOND_WHILE_BUSY} attempts a second, refilled one by one, at most {@link #TOGETHER_WHILE_BUSY} at once. */
    static Bucket paceWhileBusy(TimeMeter time) {
        return Bucket.builder()
                .addLimit(limit -> limit.capacity(TOGETHER_WHILE_BUSY).refillGreedy(PER_SECOND_WHILE_BUSY, Duration.ofSeconds(1)))
                .withCustomTimePrecision(time)
                .build();
    }

    private List<Attempt> claim(List<UUID> ids) {
        try {
            return queue.claim(ids, owner);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Claiming " + ids.size() + " webhook deliveries failed; they are claimed again later", e);
            return List.of();
        }
    }

    /** On a sending thread: the attempt itself; its outcome is written by the scheduler's thread with the others that came in meanwhile. */
    private void send(Attempt attempt) {
        try {
            finished.add(new DeliveryQueue.Finished(attempt, attempt(attempt)));
        } catch (RuntimeException e) {
            // The lease runs out and another attempt follows.
            LOG.log(Level.WARNING, "Webhook " + attempt + " could not be sent", e);
            release(attempt.subscriptionId());
        }
        nudge();
    }

    /**
     * Writes the outcomes that came in, in one transaction, and frees their slots. While the database
     * cannot be reached they are kept, slots and all, and written once it answers: an attempt the
     * receiver accepted is then recorded as delivered rather than sent again when its lease runs out.
     */
    private void recordFinished() {
        List<DeliveryQueue.Finished> batch = new ArrayList<>();
        for (DeliveryQueue.Finished done = finished.poll(); done != null; done = finished.poll()) {
            batch.add(done);
        }
        if (batch.isEmpty()) {
            return;
        }
        Map<UUID, DeliveryStatus> recorded;
        try {
            recorded = queue.record(batch, owner);
        } catch (RuntimeException e) {
            if (DatabaseOutage.explains(e)) {
                finished.addAll(batch);
                throw e;
            }
            // Their leases run out and other attempts follow.
            LOG.log(Level.WARNING, "The outcomes of " + batch.size() + " webhook attempts could not be recorded", e);
            recorded = Map.of();
        }
        try {
            for (DeliveryQueue.Finished done : batch) {
                DeliveryStatus status = recorded.get(done.attempt().deliveryId());
                if (status != null) {
                    metrics.attempted(status);
                    if (status == DeliveryStatus.FAILED) {
                        LOG.info(() -> "Webhook " + done.attempt() + " failed: " + done.outcome().error());
                    }
                }
            }
        } finally {
            batch.forEach(done -> release(done.attempt().subscriptionId()));
        }
    }

    private void release(UUID subscriptionId) {
        perSubscription.get(subscriptionId).decrementAndGet();
        slots.release();
    }

    private Outcome attempt(Attempt attempt) {
        if (!attempt.subscriptionActive()) {
            return Outcome.refused("the subscription is turned off");
        }
        URI uri;
        try {
            uri = WebhookUrls.parse(attempt.url());
        } catch (WebhookUrls.InvalidUrlException e) {
            return Outcome.refused(e.getMessage());
        }
        long timestamp = clock.instant().getEpochSecond();
        String id = attempt.eventId().toString();
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/cloudevents+json");
        headers.put("User-Agent", "docex-webhooks");
        headers.put("webhook-id", id);
        headers.put("webhook-timestamp", Long.toString(timestamp));
        headers.put("webhook-signature", Signature.sign(attempt.secret(), id, timestamp, attempt.body()));
        // The whole attempt, answer included, within the timeout: a receiver that trickles its answer is cut off too.
        return post.deliver(uri, settings.allowPrivate(), headers, attempt.body().getBytes(StandardCharsets.UTF_8),
                settings.timeout(), clock);
    }
}
