package org.docex.intake.control;

import jakarta.enterprise.concurrent.ManagedThreadFactory;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import org.docex.concurrency.Shutdown;
import org.docex.security.control.Caller;

/**
 * An intake's looks: one thread that looks every interval until the intake stops, and the docex user its
 * documents are recorded under, whom it waits for while there is none (the first admin is created at
 * the first start; a user may be removed later), saying so in the log once.
 */
final class IntakeLooks {

    private final Logger log;
    private final String waiting;
    private ScheduledExecutorService scheduler;
    private boolean userMissingSaid;

    /** @param waiting what the log says while the user is missing, before the user's address */
    IntakeLooks(Logger log, String waiting) {
        this.log = log;
        this.waiting = waiting;
    }

    synchronized void start(ManagedThreadFactory threads, Duration every, Runnable look) {
        scheduler = Executors.newSingleThreadScheduledExecutor(threads);
        scheduler.scheduleWithFixedDelay(look, 0, every.toMillis(), TimeUnit.MILLISECONDS);
    }

    synchronized void stop() {
        if (scheduler != null) {
            scheduler.shutdown();
            Shutdown.gently(scheduler, Duration.ofSeconds(30));
            scheduler = null;
        }
    }

    /** The user {@code email} names, or empty (said once) while it names none. */
    Optional<Caller> caller(IntakeDocuments intake, String email) {
        Optional<Caller> caller = intake.caller(email);
        if (caller.isEmpty() && !userMissingSaid) {
            log.severe(() -> waiting + " " + email + " is no docex user");
        }
        userMissingSaid = caller.isEmpty();
        return caller;
    }
}
