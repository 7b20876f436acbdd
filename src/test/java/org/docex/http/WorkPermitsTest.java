package org.docex.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class WorkPermitsTest {

    private final AtomicLong now = new AtomicLong(1_000_000_000L);

    private WorkPermits permits(int concurrency) {
        WorkPermits permits = new WorkPermits();
        permits.configured = concurrency;
        permits.nanoTime = now::get;
        permits.init();
        return permits;
    }

    @Test
    void theConcurrencyIsThreePerCoreUnlessConfigured() {
        assertEquals(6, WorkPermits.concurrency(0, 2));
        assertEquals(4, WorkPermits.concurrency(4, 2));
    }

    @Test
    void requestsThatGetTheirTurnAtOnceLeaveTheApiIdle() throws Exception {
        WorkPermits permits = permits(2);
        WorkPermits.Turn first = permits.take();
        WorkPermits.Turn second = permits.take();
        assertNotNull(first);
        assertNotNull(second);
        assertFalse(permits.busy());
        first.giveBack();
        second.giveBack();
        assertFalse(permits.busy());
    }

    @Test
    void aRequestThatWaitsForItsTurnMakesTheApiBusyForASecond() throws Exception {
        WorkPermits permits = permits(1);
        WorkPermits.Turn held = permits.take();
        CompletableFuture<WorkPermits.Turn> waiting = CompletableFuture.supplyAsync(() -> {
            try {
                return permits.take();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!permits.busy() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertTrue(permits.busy(), "a request waits for the only permit");

        held.giveBack();
        WorkPermits.Turn next = waiting.get(10, TimeUnit.SECONDS);
        assertNotNull(next);
        next.giveBack();
        now.addAndGet(WorkPermits.BUSY_FOR.toNanos() - 1);
        assertTrue(permits.busy(), "still within a second of the wait");
        now.addAndGet(1);
        assertFalse(permits.busy(), "a second after the last wait");
    }
}
