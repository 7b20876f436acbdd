package org.docex.documents.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class PdfWorkLimiterTest {

    private final PdfWorkLimiter limiter = new PdfWorkLimiter(1, Duration.ofMillis(100));

    @Test
    void runsWorkAndReturnsItsResult() throws Exception {
        assertEquals(42, limiter.run(() -> 42));
    }

    @Test
    void answersBusyWhenNoPermitFreesUpInTime() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        CompletableFuture<Object> holder = CompletableFuture.supplyAsync(() -> {
            try {
                return limiter.run(() -> {
                    started.countDown();
                    finish.await();
                    return null;
                });
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        started.await();

        PdfBusyException busy = assertThrows(PdfBusyException.class, () -> limiter.run(() -> 1));

        assertEquals("The server is busy, try again later", busy.getMessage());
        finish.countDown();
        holder.join();
        assertEquals(2, limiter.run(() -> 2));
    }

    @Test
    void passesOnTheWorksExceptionAndReleasesThePermit() {
        assertThrows(IOException.class, () -> limiter.run(() -> {
            throw new IOException("broken");
        }));

        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> assertEquals(3, limiter.run(() -> 3)));
    }
}
