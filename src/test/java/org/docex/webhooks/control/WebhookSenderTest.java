package org.docex.webhooks.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.bucket4j.Bucket;
import io.github.bucket4j.TimeMeter;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The sender's pace while the API or the cores are busy. */
class WebhookSenderTest {

    private final AtomicLong now = new AtomicLong(5_000_000_000L);
    private final Bucket pace = WebhookSender.paceWhileBusy(new TimeMeter() {
        @Override
        public long currentTimeNanos() {
            return now.get();
        }

        @Override
        public boolean isWallClockBased() {
            return false;
        }
    });

    private void pass(long millis) {
        now.addAndGet(TimeUnit.MILLISECONDS.toNanos(millis));
    }

    @Test
    void atMostFourStartTogether() {
        assertEquals(4, pace.getAvailableTokens());
        pace.tryConsumeAsMuchAsPossible(4);
        assertEquals(0, pace.getAvailableTokens());
        pass(10_000);
        assertEquals(4, pace.getAvailableTokens(), "an idle while saves up no more than four");
    }

    @Test
    void startsComeBackOneByOneAtTenASecond() {
        pace.tryConsumeAsMuchAsPossible(4);
        pass(99);
        assertEquals(0, pace.getAvailableTokens());
        pass(1);
        assertEquals(1, pace.getAvailableTokens());
        pace.tryConsumeAsMuchAsPossible(1);
        pass(250);
        assertEquals(2, pace.getAvailableTokens());
    }

    @Test
    void sendingMoreThanThePaceLeavesNothingNotADebt() {
        pace.tryConsumeAsMuchAsPossible(20);
        pass(100);
        assertEquals(1, pace.getAvailableTokens());
    }

    @Test
    void aSecondStartsTheFourItBeganWithAndTenMore() {
        long started = 0;
        for (int step = 0; step <= 100; step++) {
            long now = pace.getAvailableTokens();
            if (now > 0) {
                started += pace.tryConsumeAsMuchAsPossible(now);
            }
            pass(10);
        }
        assertEquals(14, started);
    }
}
