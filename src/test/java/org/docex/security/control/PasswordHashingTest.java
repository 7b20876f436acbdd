package org.docex.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PasswordHashingTest {

    private final CountDownLatch hashing = new CountDownLatch(1);
    private final CountDownLatch finish = new CountDownLatch(1);

    @AfterEach
    void letTheHashFinish() {
        finish.countDown();
    }

    @Test
    void oneCheckWaitsForTheRunningHashAndTheNextIsRefusedAtOnce() throws Exception {
        PasswordHashing hashing = new PasswordHashing(1, 1, Duration.ofSeconds(30));
        CompletableFuture<String> running = hashInBackground(hashing);
        CompletableFuture<String> waiting = new CompletableFuture<>();
        Thread waitingThread = new Thread(() -> waiting.complete(hashing.bounded(() -> "waited")));
        waitingThread.start();
        awaitBlocked(waitingThread);

        long start = System.nanoTime();
        TooManyRequestsException refused = assertThrows(TooManyRequestsException.class,
                () -> hashing.bounded(() -> "refused"));
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(1), "the refusal waited");
        assertEquals(429, refused.getResponse().getStatus());
        assertEquals("2", refused.getResponse().getHeaderString("Retry-After"));
        assertEquals(PasswordHashing.BUSY, refused.getMessage());

        finish.countDown();
        assertEquals("hashed", running.get(5, TimeUnit.SECONDS));
        assertEquals("waited", waiting.get(5, TimeUnit.SECONDS));
        assertEquals("again", hashing.bounded(() -> "again"), "the permits and the waiting place were given back");
    }

    @Test
    void aCheckThatWaitsTooLongIsRefused() throws Exception {
        PasswordHashing hashing = new PasswordHashing(1, 1, Duration.ofMillis(200));
        hashInBackground(hashing);
        long start = System.nanoTime();
        assertThrows(TooManyRequestsException.class, () -> hashing.bounded(() -> "late"));
        assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(200), "refused before the wait ran out");
        finish.countDown();
    }

    private CompletableFuture<String> hashInBackground(PasswordHashing hashing) throws InterruptedException {
        CompletableFuture<String> result = CompletableFuture.supplyAsync(() -> hashing.bounded(() -> {
            this.hashing.countDown();
            awaitQuietly(finish);
            return "hashed";
        }));
        assertTrue(this.hashing.await(5, TimeUnit.SECONDS), "the first hash did not start");
        return result;
    }

    private static void awaitBlocked(Thread thread) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (thread.getState() != Thread.State.TIMED_WAITING) {
            assertTrue(System.nanoTime() < deadline, "the second check did not start waiting");
            Thread.sleep(5);
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
