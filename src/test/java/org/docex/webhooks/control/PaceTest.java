package org.docex.webhooks.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class PaceTest {

    private final AtomicLong now = new AtomicLong(5_000_000_000L);
    private final Pace pace = new Pace(10, 4, now::get);

    private void pass(long millis) {
        now.addAndGet(TimeUnit.MILLISECONDS.toNanos(millis));
    }

    @Test
    void atMostABurstStartsTogether() {
        assertEquals(4, pace.available());
        pace.started(4);
        assertEquals(0, pace.available());
        pass(10_000);
        assertEquals(4, pace.available(), "an idle while saves up no more than the burst");
    }

    @Test
    void startsComeBackAtTheRate() {
        pace.started(4);
        pass(99);
        assertEquals(0, pace.available());
        pass(1);
        assertEquals(1, pace.available(), "one every 100 ms at 10 a second");
        pace.started(1);
        pass(250);
        assertEquals(2, pace.available());
    }

    @Test
    void overAskingLeavesNothingNotADebt() {
        pace.started(20);
        pass(100);
        assertEquals(1, pace.available());
    }

    @Test
    void aSecondStartsNoMoreThanTheRateAndTheBurst() {
        int started = 0;
        for (int step = 0; step <= 100; step++) {
            int now = pace.available();
            pace.started(now);
            started += now;
            pass(10);
        }
        assertEquals(14, started, "from the start to one second later: the burst it began with and 10 more");
    }
}
