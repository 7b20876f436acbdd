package org.docex.security.control;

import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Sign-ins wait here for their password check, not on a request thread: a burst of logins
 * (each a deliberately slow PBKDF2 hash) queues on {@link PasswordHashing#PARALLEL} threads of its
 * own while the request threads go on serving the rest of the API. The queue is bounded: past
 * {@link #CAPACITY} waiting sign-ins, or after waiting {@link #MAX_WAIT}, the answer is 429 with
 * {@code Retry-After}.
 */
@ApplicationScoped
public class SignInQueue {

    static final int CAPACITY = 64;
    static final Duration MAX_WAIT = Duration.ofSeconds(20);
    private static final Duration RETRY_AFTER = Duration.ofSeconds(2);

    @Resource
    ManagedThreadFactory threadFactory;

    private ThreadPoolExecutor executor;

    public <T> CompletionStage<T> submit(Supplier<T> signIn) {
        CompletableFuture<T> result = new CompletableFuture<>();
        long queuedAt = System.nanoTime();
        try {
            executor().execute(() -> {
                if (System.nanoTime() - queuedAt > MAX_WAIT.toNanos()) {
                    result.completeExceptionally(busy());
                    return;
                }
                try {
                    result.complete(signIn.get());
                } catch (RuntimeException | Error e) {
                    result.completeExceptionally(e);
                }
            });
        } catch (RejectedExecutionException full) {
            result.completeExceptionally(busy());
        }
        return result;
    }

    private static TooManyRequestsException busy() {
        return new TooManyRequestsException("Too many sign-ins in progress, try again shortly", RETRY_AFTER);
    }

    private synchronized ThreadPoolExecutor executor() {
        if (executor == null) {
            executor = new ThreadPoolExecutor(PasswordHashing.PARALLEL, PasswordHashing.PARALLEL, 0, TimeUnit.MILLISECONDS,
                    new ArrayBlockingQueue<>(CAPACITY), threadFactory);
        }
        return executor;
    }

    @PreDestroy
    synchronized void stop() {
        if (executor != null) {
            executor.shutdownNow();
        }
    }
}
